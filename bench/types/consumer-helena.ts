// A small consumer of @helena/sdk: the kind of file an application writes.
import { createPlatformClient, NotFoundError, type Schema } from '@helena/sdk';

type Assistant = Schema<'Assistant'>;

const platform = createPlatformClient({ token: process.env.VAPI_PRIVATE_KEY });

export async function describeAssistants(): Promise<string[]> {
  const assistants: Assistant[] = await platform.assistants.list({ limit: 10 });
  return assistants.map((a) => `${a.id}: ${a.name ?? 'sin nombre'}`);
}

export async function callSummary(id: string): Promise<string | undefined> {
  try {
    const call = await platform.calls.get(id);
    return call.analysis?.summary ?? call.endedReason;
  } catch (error) {
    if (error instanceof NotFoundError) return undefined;
    throw error;
  }
}

export async function createAssistant(name: string) {
  const created = await platform.assistants.create({ name, firstMessage: 'Hola' });
  return created.id;
}
