// fontkit (pdfkit's font engine) ships no types: what the PDF uses: opening a face once, and asking it which letters it has.
declare module 'fontkit' {
  export interface Font {
    hasGlyphForCodePoint(codePoint: number): boolean;
    /** What pdfkit recognises an opened font by. */
    layout(text: string): unknown;
  }
  export function create(buffer: Buffer): Font;
}
