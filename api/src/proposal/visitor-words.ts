// The visitor's own words in a platform record (a call, an end-of-call report or a chat session):
// their turns (role 'user', never the assistant's or the system's) and the values the platform's
// analysis drew from the conversation (`analysis.structuredData`). These choose the proposal's
// catalogue items, so nothing the assistant said can choose one.
import { detectEmail } from '@helena/sdk';

const MAX_LINES = 400;
const MAX_LINE = 2000;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);

const finiteTime = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : null);

/**
 * `items` in the order they were said. A platform's message list is not always in time order (a
 * report once listed the visitor's turns, then the assistant's), so every transcript is sorted
 * by `secondsFromStart`, or by `time` when no message has it. A message without a time stays
 * after the one listed before it; equal times keep their listed order.
 */
export function inTimeOrder<T>(items: readonly T[]): T[] {
  const objects: Json[] = items.map((m) => (isObject(m) ? m : {}));
  const field = objects.some((m) => finiteTime(m.secondsFromStart) !== null) ? 'secondsFromStart' : 'time';
  let last = -Infinity;
  const keyed = items.map((item, index) => {
    const t = finiteTime(objects[index]![field]);
    if (t !== null) last = t;
    return { item, index, key: t ?? last };
  });
  return keyed.sort((a, b) => a.key - b.key || a.index - b.index).map((k) => k.item);
}

/** The visitor's turns in a message list (Vapi's `messages`, OpenAI-style `content` too), in time order. */
function userTurns(messages: unknown): string[] {
  if (!Array.isArray(messages)) return [];
  return inTimeOrder(messages)
    .filter((m): m is Json => isObject(m) && m.role === 'user')
    .map((m) => (typeof m.message === 'string' ? m.message : typeof m.content === 'string' ? m.content : ''))
    .filter((t) => t.trim());
}

/** Every string in the analysis's structured data, bar addresses (a domain is not a need). */
function analysisValues(data: unknown, depth = 0): string[] {
  if (typeof data === 'string') return data.trim() && !isAddress(data) ? [data] : [];
  if (depth > 3) return [];
  if (Array.isArray(data)) return data.flatMap((v) => analysisValues(v, depth + 1));
  if (isObject(data)) return Object.values(data).flatMap((v) => analysisValues(v, depth + 1));
  return [];
}

const isAddress = (s: string) => detectEmail(s)?.length === s.trim().length;

/** What the visitor said, as kept with their conversation (vapi_call.visitor_words). */
export interface VisitorWords {
  /** Their turns in the order said, then the analysis's values. */
  words: string[];
  /** `structuredData.business`: their business in their words, when the analysis reports it. */
  business: string | null;
}

export const NO_WORDS: VisitorWords = { words: [], business: null };

/** The visitor's words in `record`, bounded. */
export function visitorWordsOf(record: unknown): VisitorWords {
  if (!isObject(record)) return NO_WORDS;
  const artifact = isObject(record.artifact) ? record.artifact : {};
  const fromArtifact = userTurns(artifact.messages);
  const turns = fromArtifact.length ? fromArtifact : userTurns(record.messages);
  const analysis = isObject(record.analysis) ? record.analysis : {};
  const data = isObject(analysis.structuredData) ? analysis.structuredData : {};
  const words = [...turns, ...analysisValues(data)].slice(0, MAX_LINES).map((t) => t.slice(0, MAX_LINE));
  const business = typeof data.business === 'string' && data.business.trim() ? data.business.trim().slice(0, MAX_LINE) : null;
  return { words, business };
}

/** The stored column read back (through `parseJson`); anything malformed is no words. */
export function storedWords(parsed: unknown): VisitorWords {
  if (!isObject(parsed) || !Array.isArray(parsed.words)) return NO_WORDS;
  return {
    words: parsed.words.filter((w): w is string => typeof w === 'string'),
    business: typeof parsed.business === 'string' ? parsed.business : null,
  };
}

/** Both sources together, the first's business preferred: what the report said, and what the platform's record says. */
export function mergeWords(a: VisitorWords, b: VisitorWords): VisitorWords {
  const seen = new Set<string>();
  const words = [...a.words, ...b.words].filter((w) => !seen.has(w) && !!seen.add(w));
  return { words, business: a.business ?? b.business };
}

/** One turn of the conversation as the sales team reads it. */
export interface ConversationTurn {
  who: 'visitor' | 'assistant';
  text: string;
  /** Seconds from the call's start, when the platform gives it. */
  secondsFromStart: number | null;
}

const MAX_TURNS = 400;

/** The visitor's and the assistant's turns in a report or record, in order, bounded (system and tool messages left out). */
export function conversationOf(record: unknown): ConversationTurn[] {
  if (!isObject(record)) return [];
  const artifact = isObject(record.artifact) ? record.artifact : {};
  const messages = Array.isArray(artifact.messages) ? artifact.messages : Array.isArray(record.messages) ? record.messages : [];
  const turns: ConversationTurn[] = [];
  for (const m of inTimeOrder(messages as unknown[])) {
    if (!isObject(m) || turns.length >= MAX_TURNS) continue;
    const who = m.role === 'user' ? 'visitor' : m.role === 'bot' || m.role === 'assistant' ? 'assistant' : null;
    const text = typeof m.message === 'string' ? m.message : typeof m.content === 'string' ? m.content : '';
    if (!who || !text.trim()) continue;
    const s = typeof m.secondsFromStart === 'number' && Number.isFinite(m.secondsFromStart) && m.secondsFromStart >= 0 ? m.secondsFromStart : null;
    turns.push({ who, text: text.slice(0, MAX_LINE), secondsFromStart: s });
  }
  return turns;
}

/** The stored conversation column read back, in time order (rows stored before it was sorted too); anything malformed is left out. */
export function storedConversation(parsed: unknown): ConversationTurn[] {
  return Array.isArray(parsed)
    ? inTimeOrder(parsed.filter((t): t is ConversationTurn => isObject(t) && (t.who === 'visitor' || t.who === 'assistant') && typeof t.text === 'string'))
    : [];
}
