// The same small consumer written against @vapi-ai/server-sdk.
import { VapiClient, VapiError, type Vapi } from '@vapi-ai/server-sdk';

type Assistant = Vapi.Assistant;

const vapi = new VapiClient({ token: process.env.VAPI_PRIVATE_KEY ?? '' });

export async function describeAssistants(): Promise<string[]> {
  const assistants: Assistant[] = await vapi.assistants.list({ limit: 10 });
  return assistants.map((a) => `${a.id}: ${a.name ?? 'sin nombre'}`);
}

export async function callSummary(id: string): Promise<string | undefined> {
  try {
    const call = await vapi.calls.get({ id });
    return call.analysis?.summary ?? call.endedReason;
  } catch (error) {
    if (error instanceof VapiError && error.statusCode === 404) return undefined;
    throw error;
  }
}

export async function createAssistant(name: string) {
  const created = await vapi.assistants.create({ name, firstMessage: 'Hola' });
  return created.id;
}
