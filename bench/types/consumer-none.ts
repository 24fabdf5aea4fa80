// The floor: a file of the same size that imports no SDK, so the cost of @types/node alone shows.
export async function describeAssistants(): Promise<string[]> {
  const token = process.env.VAPI_PRIVATE_KEY ?? '';
  const res = await fetch('https://api.vapi.ai/assistant?limit=10', { headers: { authorization: `Bearer ${token}` } });
  const assistants = (await res.json()) as { id: string; name?: string }[];
  return assistants.map((a) => `${a.id}: ${a.name ?? 'sin nombre'}`);
}
