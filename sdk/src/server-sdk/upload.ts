// The `file` of a 2.0.1 upload as the Blob the platform client sends in its FormData.

/** What 2.0.1 accepts as a file: a Blob or File, bytes, a readable stream, or `{ data, filename }`. */
export type Uploadable =
  | Blob
  | ArrayBuffer
  | ArrayBufferView
  | ReadableStream<Uint8Array>
  | AsyncIterable<Uint8Array>
  | { data: Blob | ArrayBuffer | ArrayBufferView | ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>; filename?: string; contentType?: string };

type Bytes = Exclude<Uploadable, { data: unknown }>;

async function toBlob(value: Bytes, type?: string): Promise<Blob> {
  if (value instanceof Blob) return value;
  if (value instanceof ArrayBuffer || ArrayBuffer.isView(value)) return new Blob([value as BlobPart], { type });
  if (value instanceof ReadableStream) return new Blob([await new Response(value).arrayBuffer()], { type });
  // A Node Readable, or any async iterable of chunks.
  const chunks: BlobPart[] = [];
  for await (const chunk of value) chunks.push(chunk as BlobPart);
  return new Blob(chunks, { type });
}

/** Reads an uploadable into a Blob (a File when a name is known). */
export async function toUpload(value: unknown): Promise<Blob> {
  if (value && typeof value === 'object' && 'data' in value) {
    const { data, filename, contentType } = value as Extract<Uploadable, { data: unknown }>;
    const blob = await toBlob(data, contentType);
    return filename ? new File([blob], filename, { type: blob.type }) : blob;
  }
  const blob = await toBlob(value as Bytes);
  // A Node file stream knows its path: keep the base name, as 2.0.1 does.
  const path = (value as { path?: unknown }).path;
  return typeof path === 'string' && !(blob instanceof File) ? new File([blob], path.split(/[\\/]/).pop()!, { type: blob.type }) : blob;
}
