// Sends every operation of the document to a platform simulator, with the path parameters,
// required query and a body the document calls valid, and checks each answer's status and body
// against the document's responses.
import { createPlatformSimulator } from '@helena/simulator/node';
import { deref, operations, validator, type Operation } from './document.js';
import { sample } from './samples.js';

export interface Outcome {
  operation: string;
  status: number;
  /** Empty when the answer conforms. */
  problems: string[];
}

const ORDER: Record<string, number> = { POST: 0, GET: 1, PUT: 2, PATCH: 2, DELETE: 3 };
const KEY = 'demo-private-key';

/** Creates are sent first so that later operations can address what they created. */
const ordered = () =>
  [...operations].sort((a, b) => ORDER[a.method]! - ORDER[b.method]! || a.path.split('/').length - b.path.split('/').length);

export async function runConformance(sim = createPlatformSimulator()): Promise<Outcome[]> {
  const created = new Map<string, string>();
  const call = async (op: Operation, path: string, init: RequestInit) => {
    const res = await sim.fetch(new Request(`http://sim.test${path}`, init));
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // a non-JSON answer is judged as text
    }
    // What a POST creates is addressed by the operations below its path (`/eval` → `/eval/{id}`).
    if (op.method === 'POST' && body && typeof body === 'object') {
      const id = (body as { id?: unknown }).id;
      if (typeof id === 'string') created.set(op.path, id);
    }
    return { status: res.status, body, headers: res.headers };
  };

  const outcomes: Outcome[] = [];
  for (const op of ordered()) {
    const label = `${op.method} ${op.path}`;
    let path = op.path;
    for (const p of op.parameters.filter((x) => x.in === 'path')) {
      const owner = op.path.slice(0, op.path.indexOf(`{${p.name}}`) - 1);
      const value =
        deref(p.schema).enum?.[0] ?? created.get(owner) ?? '00000000-0000-4000-8000-00000000dead';
      path = path.replace(`{${p.name}}`, encodeURIComponent(String(value)));
    }
    // A path the document lists without declaring its parameter (DELETE /call/{id}).
    path = path.replace(/\{(\w+)\}/g, (_m, name: string) => {
      const owner = op.path.slice(0, op.path.indexOf(`{${name}}`) - 1);
      return encodeURIComponent(created.get(owner) ?? '00000000-0000-4000-8000-00000000dead');
    });
    const query = new URLSearchParams();
    for (const p of op.parameters.filter((x) => x.in === 'query' && x.required)) query.set(p.name, String(sample(p.schema)));
    if (query.size) path += `?${query}`;

    const headers: Record<string, string> = { authorization: `Bearer ${KEY}` };
    let body: BodyInit | undefined;
    const json = op.requestBody?.content['application/json'];
    const multipart = op.requestBody?.content['multipart/form-data'];
    if (json) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(sample(json.schema));
    } else if (multipart) {
      const form = new FormData();
      const fields = sample(multipart.schema) as Record<string, unknown>;
      for (const [k, v] of Object.entries(fields)) if (typeof v !== 'object') form.set(k, `${v as string | number | boolean}`);
      form.set('file', new File(['RIFF'], 'sample.wav', { type: 'audio/wav' }));
      body = form;
    } else if (op.parameters.some((p) => p.in === 'header' && p.name === 'content-type')) {
      headers['content-type'] = 'application/json';
      body = '{}';
    }

    const answer = await call(op, path, { method: op.method, headers, body });
    const problems: string[] = [];
    const declared = op.responses[String(answer.status)];
    if (!declared) {
      problems.push(`status ${answer.status} is not among ${Object.keys(op.responses).join(', ')}: ${JSON.stringify(answer.body)?.slice(0, 200)}`);
    } else {
      const schema = declared.content?.['application/json']?.schema;
      if (schema) {
        const validate = validator(schema);
        if (!validate(answer.body)) {
          for (const e of validate.errors!.slice(0, 5)) problems.push(`${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`);
        }
      }
    }
    outcomes.push({ operation: label, status: answer.status, problems });
  }
  return outcomes;
}
