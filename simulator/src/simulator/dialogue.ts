// What the simulated assistant says, as pure logic. Rooms (voice) and chats (text) ask a
// `Conversation` for each answer; the simulator's `dialogue` option says which kind: by default a
// neutral assistant that says it is a simulator and repeats the visitor, or a scripted dialogue
// run from a table (its lines, the patterns it listens for, its lead tool).
import { detectEmail } from '@helena/sdk';
import type { ToolCallOutcome } from './server-messages';

export interface DialogueReply {
  text: string;
  /** True when the assistant says goodbye and hangs up after this line. */
  end: boolean;
  /**
   * A function tool the assistant calls after this line, when its `model.tools` has one by that
   * name: the platform sends it to the Server URL and the assistant then says `toolOutcome`.
   */
  toolCall?: { name: string; arguments: Record<string, unknown> };
}

/** One conversation (a call's room, or a chat session): its answers, and what is filed at the end. */
export interface Conversation {
  readonly assistantName: string;
  /** The first message, when the assistant configures none. */
  greeting(): string;
  /** The assistant's answer to one visitor turn. */
  reply(userText: string): DialogueReply;
  /** A system message from the page; undefined when the assistant stays silent. */
  notice(systemText: string): DialogueReply | undefined;
  /** What the assistant says once the tool it called is answered: the Server URL's result or error. */
  toolOutcome(outcome: ToolCallOutcome): DialogueReply;
  /** The call's summary. */
  summary(): string;
  /** The call's `analysis` fields besides the summary. */
  analysis(): { successEvaluation?: string; structuredData?: Record<string, unknown> };
}

/** What a conversation knows of its assistant's configuration besides its name. */
export interface DialogueContext {
  /** The language the assistant works in (its transcriber's `language`, e.g. 'en' or 'es-ES'), when it sets one. */
  language?: string;
}

/** Starts a conversation with an assistant of that name. */
export type DialogueFactory = (assistantName: string, context?: DialogueContext) => Conversation;

/** The context of an assistant (merged with its overrides) as the platform's document shapes it. */
export function dialogueContext(assistant: unknown): DialogueContext {
  const transcriber = (assistant as { transcriber?: { language?: unknown } } | null | undefined)?.transcriber;
  return typeof transcriber?.language === 'string' ? { language: transcriber.language } : {};
}

const fill = (line: string, values: Record<string, string>): string => line.replace(/\{(\w+)\}/g, (m, k: string) => values[k] ?? m);

/**
 * The default assistant: it says it is a simulator and repeats what it hears, so a call or chat
 * works end to end with no script. Pass a `ScriptedDialogue` (or a factory) for anything else.
 */
export const echoDialogue: DialogueFactory = (assistantName) => {
  const heard: string[] = [];
  return {
    assistantName,
    greeting: () => `Hello, this is ${assistantName}, a simulated assistant. Say anything and I will repeat it.`,
    reply: (userText) => {
      const text = userText.trim();
      if (!text) return { text: 'I did not hear anything.', end: false };
      heard.push(text);
      return { text: `You said: ${text}`, end: false };
    },
    notice: () => undefined,
    toolOutcome: (outcome) => ({ text: outcome.error === undefined && outcome.result !== undefined ? 'Done.' : 'That did not work.', end: false }),
    summary: () => `A simulated conversation with ${assistantName}; the visitor said ${heard.length} line${heard.length === 1 ? '' : 's'}.`,
    analysis: () => ({}),
  };
};

/**
 * The lines a scripted dialogue says. `{name}` is the assistant's name, `{email}` the address
 * understood and `{business}` what the visitor said their business is. Every other line is a topic
 * answer, named by `ScriptedDialogue.topics`.
 */
export interface DialogueLines {
  /** First message when the assistant configures none. */
  greeting: string;
  askBusiness: string;
  askEmail: string;
  /**
   * Said back when the visitor named their business (`businessPhrase`), before `emailForProposal`;
   * without both lines, `askEmail` alone.
   */
  businessNoted?: string;
  emailForProposal?: string;
  /**
   * Said, before `emailForProposal`, to a line that tells more about the business while the
   * assistant waits for the address; without both lines such a line gets `repeatEmail`.
   */
  moreNoted?: string;
  repeatEmail: string;
  confirmEmail: string;
  /** The visitor agreed: the lead is being registered, not yet sent. */
  proposalPending: string;
  /** Said only once the server confirms that it queued the proposal. */
  proposalOnItsWay: string;
  /** The server sent nothing because one went to this address recently (`sentRecently`). */
  proposalSentRecently?: string;
  /** The server sent nothing, for a reason the visitor is not told (`notSent`). */
  proposalNotSent?: string;
  /** After `emailAttempts` turns without an address: move on and point to the form. */
  offerForm: string;
  anythingElse: string;
  farewell: string;
  readonly [topic: string]: string | undefined;
}

/**
 * The sentences of a scripted call's summary, each said when it has something to say: the
 * business (`{business}`), what the visitor asked for (`{needs}`, the catalogue's names joined by
 * ', '), the contact (`{email}`), or that they left none or said nothing.
 */
export interface SummaryLines {
  silent: string;
  business: string;
  needs: string;
  email: string;
  noEmail: string;
}

/**
 * A lead-capture dialogue as data: ask about the business, then for an email, confirm it, offer to
 * send something, and on agreement call `leadTool` with `{ email }`. The patterns say what the
 * visitor means; the answer table is `lines`.
 */
export interface ScriptedDialogue {
  lines: DialogueLines;
  /**
   * The same dialogue in other languages, by primary language subtag ('en'): chosen when the
   * assistant's language (`DialogueContext.language`) is one of them; else `lines` and `summary`.
   */
  languages?: Readonly<Record<string, { lines: DialogueLines; summary: SummaryLines }>>;
  /** Questions answered at any stage, first match wins: a pattern and the name of its line. */
  topics: ReadonlyArray<readonly [RegExp, string]>;
  /**
   * A sentence that asks something: only such sentences get a topic answer, so a visitor who
   * mentions 'llamadas' while describing their business is not answered about channels. Without
   * it, every sentence counts as a question.
   */
  question?: RegExp;
  /** The visitor is describing their business. */
  business: RegExp;
  /** Its first group is the business as the visitor named it ('una clínica dental'): `{business}` in `businessNoted`. */
  businessPhrase?: RegExp;
  /** A visitor line that says what they want: kept in `analysis().structuredData.needs`. */
  wants?: RegExp;
  /**
   * A line that tries to give an address ('ana arroba empresa punto com'): while the assistant
   * waits for one, such a line without a readable address gets `repeatEmail`, never `moreNoted`.
   */
  emailAttempt?: RegExp;
  /**
   * The catalogue's names for what the visitor's lines ask for (refusals left out): the summary's
   * needs, and a sign that a line speaks of the business. `language` is the assistant's primary
   * language subtag, when it sets one. Without it the summary names no needs.
   */
  needsNamed?: (visitorLines: readonly string[], language?: string) => readonly string[];
  /** The visitor agrees to the offer. */
  yes: RegExp;
  /** The visitor says goodbye: the assistant says `farewell` and hangs up. */
  goodbye: RegExp;
  /**
   * A system notice about the offer (with an address) that matches `queued` says it went out.
   * One (or a tool result) that matches `notSent` says nothing was sent, and `sentRecently` why.
   */
  proposal: RegExp;
  queued: RegExp;
  notSent?: RegExp;
  sentRecently?: RegExp;
  /** Turns without an address after which the assistant stops asking and says `offerForm`. Default 2. */
  emailAttempts?: number;
  /** The function tool called on agreement (when the assistant has it). */
  leadTool: string;
  /** The call summary's sentences. */
  summary: SummaryLines;
}

/** The sentences of `text`, each with its own opening '¿' and closing punctuation. */
const sentences = (text: string): string[] => text.match(/[¿¡]?[^.!?…¿¡]+[.!?…]*/g)?.map((s) => s.trim()).filter(Boolean) ?? [];

/** The longest business line a summary repeats when the visitor named it in words the script does not recognise. */
const SUMMARY_BUSINESS_MAX = 80;

/** Where what a visitor says of their business turns to something else: a stop, or a new clause. */
const CLAUSE_END = /[,.;:!?¿¡…]|\s(?:y|e|que|pero|donde|and|but|that|which|where)\s/iu;

/**
 * The business as a summary names it: from the article `businessPhrase` found ('una clínica dental
 * en Sevilla con dos sedes', without 'Tengo') to the end of its clause, else the line's first
 * clause; at most SUMMARY_BUSINESS_MAX characters, cut at a word.
 */
function businessOf(text: string, phrase: RegExp | undefined): string {
  const m = phrase?.exec(text);
  const from = m?.[1] ? m.index + m[0].indexOf(m[1]) : 0;
  const rest = text.slice(from);
  const end = rest.search(CLAUSE_END);
  const clause = (end < 0 ? rest : rest.slice(0, end)).trim() || text.trim();
  if (clause.length <= SUMMARY_BUSINESS_MAX) return clause;
  const cut = clause.slice(0, SUMMARY_BUSINESS_MAX);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 1))}…`;
}

export type DialogueStage = 'start' | 'business' | 'email' | 'offered' | 'pending' | 'done' | 'ended';

/** One scripted conversation's state: what the visitor said, their business and email. */
export class ScriptedConversation implements Conversation {
  stage: DialogueStage = 'start';
  business: string | undefined;
  email: string | undefined;
  /** Visitor turns, since the assistant asked for the address, that gave none. */
  private emailMisses = 0;
  readonly visitorSaid: string[] = [];
  /** The visitor's lines that say what they want, or tell more about the business while the address is awaited: in order, each once. */
  readonly needs: string[] = [];
  /** The business as the visitor named it, when they did in words the script recognises. */
  private businessNamed: string | undefined;
  /** The lines and summary of the assistant's language. */
  private readonly lines: DialogueLines;
  private readonly summaryLines: SummaryLines;
  /** The assistant's primary language subtag ('es', 'en'), when it sets one. */
  private readonly language: string | undefined;

  constructor(
    readonly script: ScriptedDialogue,
    readonly assistantName: string,
    context: DialogueContext = {},
  ) {
    const language = context.language?.toLowerCase().split(/[-_]/)[0];
    this.language = language;
    const translated = language ? script.languages?.[language] : undefined;
    this.lines = translated?.lines ?? script.lines;
    this.summaryLines = translated?.summary ?? script.summary;
  }

  private say(...keys: Array<string | undefined>): string {
    const values = { name: this.assistantName, email: this.email ?? '', business: this.businessNamed ?? '' };
    return keys
      .filter((k): k is string => !!k)
      .map((k) => fill(this.lines[k] ?? '', values))
      .join(' ');
  }

  greeting(): string {
    return this.say('greeting');
  }

  /** The topic the visitor asks about: only a question gets a topic answer. */
  private topicAsked(text: string): string | undefined {
    const { question, topics } = this.script;
    const asked = question ? sentences(text).filter((s) => question.test(s)) : [text];
    return topics.find(([pattern]) => asked.some((s) => pattern.test(s)))?.[1];
  }

  /** Keeps the business the visitor described; answers with what they said of it, then asks for the address. */
  private noteBusiness(text: string, topic: string | undefined): DialogueReply {
    this.business = text;
    this.stage = 'email';
    const named = this.script.businessPhrase?.exec(text)?.[1]?.trim();
    if (named && this.lines.businessNoted && this.lines.emailForProposal) {
      this.businessNamed = named;
      return { text: this.say('businessNoted', topic, 'emailForProposal'), end: false };
    }
    return { text: this.say(topic, 'askEmail'), end: false };
  }

  /**
   * While waiting for the address: a line, with none in it and no attempt at one, that speaks of the
   * business (`business`, `wants`, a topic's words said without asking, or a catalogue need).
   */
  private tellsMore(text: string): boolean {
    const { script } = this;
    if (!this.lines.moreNoted || !this.lines.emailForProposal || script.emailAttempt?.test(text)) return false;
    return (
      script.business.test(text) ||
      !!script.wants?.test(text) ||
      script.topics.some(([pattern]) => pattern.test(text)) ||
      !!script.needsNamed?.([text], this.language).length
    );
  }

  reply(userText: string): DialogueReply {
    const { script } = this;
    const text = userText.trim();
    if (text) this.visitorSaid.push(text);
    const email = detectEmail(text);
    const line = (l: string, end = false): DialogueReply => ({ text: this.say(l), end });
    // What they want, in their words: never a line that only gives the address or agrees to the offer.
    if (text && !email && !(this.stage === 'offered' && script.yes.test(text)) && script.wants?.test(text) && !this.needs.includes(text)) this.needs.push(text);
    if (email) {
      this.email = email;
      this.stage = 'offered';
      return line('confirmEmail');
    }
    if (script.goodbye.test(text)) {
      this.stage = 'ended';
      return line('farewell', true);
    }
    const topic = this.topicAsked(text);
    const withTopic = (next: string): DialogueReply => ({ text: this.say(topic, next), end: false });
    switch (this.stage) {
      case 'start':
        // The visitor already told us about the business: straight to the email.
        if (script.business.test(text)) return this.noteBusiness(text, topic);
        this.stage = 'business';
        return withTopic('askBusiness');
      case 'business':
        if (topic && !script.business.test(text)) return withTopic('askBusiness');
        return this.noteBusiness(text, topic);
      case 'email': {
        // A question is answered, never met with 'I did not understand your email'; after
        // `emailAttempts` turns without an address the assistant moves on instead of asking again.
        // A line that tells more about the business is noted and counted among the needs, and
        // the address asked for again; it is not a failed attempt at one.
        if (!topic && this.tellsMore(text)) {
          if (!this.needs.includes(text)) this.needs.push(text);
          return { text: this.say('moreNoted', 'emailForProposal'), end: false };
        }
        this.emailMisses++;
        if (this.emailMisses >= (script.emailAttempts ?? 2)) {
          this.stage = 'done';
          return withTopic('offerForm');
        }
        return topic ? withTopic('askEmail') : line('repeatEmail');
      }
      case 'offered':
        if (topic) return line(topic);
        if (!script.yes.test(text)) {
          this.stage = 'done';
          return line('anythingElse');
        }
        // Agreement only registers the request: the assistant says the proposal is on its way
        // once the server reports that it queued one (see `notice` and `toolOutcome`).
        this.stage = 'pending';
        return { ...line('proposalPending'), toolCall: { name: script.leadTool, arguments: { email: this.email } } };
      default:
        return line(topic ?? 'anythingElse');
    }
  }

  /** What the server's words say became of the proposal: the line that tells the visitor, or undefined. */
  private proposalOutcome(text: string): string | undefined {
    const { notSent, sentRecently, queued } = this.script;
    if (notSent?.test(text)) return sentRecently?.test(text) && this.lines.proposalSentRecently ? 'proposalSentRecently' : 'proposalNotSent';
    return queued.test(text) ? 'proposalOnItsWay' : undefined;
  }

  notice(systemText: string): DialogueReply | undefined {
    const email = detectEmail(systemText);
    if (!email || !this.script.proposal.test(systemText)) return undefined;
    const outcome = this.proposalOutcome(systemText);
    if (!outcome || !this.lines[outcome]) return undefined;
    this.email = email;
    this.stage = 'done';
    return { text: this.say(outcome), end: false };
  }

  /**
   * The server queued the proposal (confirm where it went), sent nothing (say so), or could not
   * register it (point to the form instead of promising).
   */
  toolOutcome(outcome: ToolCallOutcome): DialogueReply {
    this.stage = 'done';
    const registered = outcome.error === undefined && outcome.result !== undefined && !!this.email;
    // A result that says nothing was sent is told as such; any other result registered the lead.
    const said = registered ? (this.proposalOutcome(outcome.result ?? '') ?? 'proposalOnItsWay') : 'offerForm';
    return { text: this.say(this.lines[said] ? said : 'offerForm'), end: false };
  }

  /** Short: the business, what the visitor asked for in the catalogue's words, the contact. */
  summary(): string {
    const s = this.summaryLines;
    if (this.visitorSaid.length === 0) return s.silent;
    const business = this.business && businessOf(this.business, this.script.businessPhrase);
    const needs = this.script.needsNamed?.(this.visitorSaid, this.language) ?? [];
    return [
      business ? fill(s.business, { business }) : '',
      needs.length ? fill(s.needs, { needs: needs.join(', ') }) : '',
      this.email ? fill(s.email, { email: this.email }) : s.noEmail,
    ]
      .filter(Boolean)
      .join(' ');
  }

  /** `structuredData`: the address, the business line and the lines that say what the visitor wants. */
  analysis(): { successEvaluation: string; structuredData: Record<string, unknown> } {
    return {
      successEvaluation: this.email ? 'true' : 'false',
      structuredData: { email: this.email ?? null, business: this.business ?? null, needs: [...this.needs] },
    };
  }
}

/** A factory of conversations run from `script`. */
export function scriptedDialogue(script: ScriptedDialogue): DialogueFactory {
  return (assistantName, context) => new ScriptedConversation(script, assistantName, context);
}

/** The simulator's `dialogue` option as a factory: a table is run by the scripted engine; none is `echoDialogue`. */
export function dialogueFactory(option: ScriptedDialogue | DialogueFactory | undefined): DialogueFactory {
  if (typeof option === 'function') return option;
  return option ? scriptedDialogue(option) : echoDialogue;
}
