// What the simulated assistant says, as pure logic. Rooms (voice) and chats (text) ask a
// `Conversation` for each answer; the simulator's `dialogue` option says which kind: by default a
// neutral assistant that says it is a simulator and repeats the visitor, or a scripted dialogue
// run from a table (its lines, the patterns it listens for, its lead tool).
import { detectEmail } from '@helena/sdk';

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
  /** What the assistant says once the tool it called is answered (`ok`: with a result, not an error). */
  toolOutcome(ok: boolean): DialogueReply;
  /** The call's summary. */
  summary(): string;
  /** The call's `analysis` fields besides the summary. */
  analysis(): { successEvaluation?: string; structuredData?: Record<string, unknown> };
}

/** Starts a conversation with an assistant of that name. */
export type DialogueFactory = (assistantName: string) => Conversation;

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
    toolOutcome: (ok) => ({ text: ok ? 'Done.' : 'That did not work.', end: false }),
    summary: () => `A simulated conversation with ${assistantName}; the visitor said ${heard.length} line${heard.length === 1 ? '' : 's'}.`,
    analysis: () => ({}),
  };
};

/**
 * The lines a scripted dialogue says. `{name}` is the assistant's name and `{email}` the address
 * understood. Every other line is a topic answer, named by `ScriptedDialogue.topics`.
 */
export interface DialogueLines {
  /** First message when the assistant configures none. */
  greeting: string;
  askBusiness: string;
  askEmail: string;
  repeatEmail: string;
  confirmEmail: string;
  /** The visitor agreed: the lead is being registered, not yet sent. */
  proposalPending: string;
  /** Said only once the server confirms that it queued the proposal. */
  proposalOnItsWay: string;
  /** After `emailAttempts` turns without an address: move on and point to the form. */
  offerForm: string;
  anythingElse: string;
  farewell: string;
  readonly [topic: string]: string;
}

/**
 * A lead-capture dialogue as data: ask about the business, then for an email, confirm it, offer to
 * send something, and on agreement call `leadTool` with `{ email }`. The patterns say what the
 * visitor means; the answer table is `lines`.
 */
export interface ScriptedDialogue {
  lines: DialogueLines;
  /** Questions answered at any stage, first match wins: a pattern and the name of its line. */
  topics: ReadonlyArray<readonly [RegExp, string]>;
  /** The visitor is describing their business. */
  business: RegExp;
  /** The visitor agrees to the offer. */
  yes: RegExp;
  /** The visitor says goodbye: the assistant says `farewell` and hangs up. */
  goodbye: RegExp;
  /** A system notice about the offer (with `queued`, and an address): it went out. */
  proposal: RegExp;
  queued: RegExp;
  /** Turns without an address after which the assistant stops asking and says `offerForm`. Default 2. */
  emailAttempts?: number;
  /** The function tool called on agreement (when the assistant has it). */
  leadTool: string;
  /** The call summary's sentences; `{said}` is the visitor's turns, each through `quote`. */
  summary: {
    opening: string;
    silent: string;
    said: string;
    quote: string;
    business: string;
    email: string;
    noEmail: string;
  };
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

  constructor(
    readonly script: ScriptedDialogue,
    readonly assistantName: string,
  ) {}

  private say(...keys: string[]): string {
    return keys.map((k) => fill(this.script.lines[k] ?? '', { name: this.assistantName, email: this.email ?? '' })).join(' ');
  }

  greeting(): string {
    return this.say('greeting');
  }

  reply(userText: string): DialogueReply {
    const { script } = this;
    const text = userText.trim();
    if (text) this.visitorSaid.push(text);
    const email = detectEmail(text);
    const line = (l: string, end = false): DialogueReply => ({ text: this.say(l), end });
    if (email) {
      this.email = email;
      this.stage = 'offered';
      return line('confirmEmail');
    }
    if (script.goodbye.test(text)) {
      this.stage = 'ended';
      return line('farewell', true);
    }
    const topic = script.topics.find(([pattern]) => pattern.test(text))?.[1];
    const withTopic = (next: string): DialogueReply => ({ text: topic ? this.say(topic, next) : this.say(next), end: false });
    switch (this.stage) {
      case 'start':
        if (script.business.test(text)) {
          // The visitor already told us about the business: straight to the email.
          this.business = text;
          this.stage = 'email';
          return withTopic('askEmail');
        }
        this.stage = 'business';
        return withTopic('askBusiness');
      case 'business':
        if (topic && !script.business.test(text)) return withTopic('askBusiness');
        this.business = text;
        this.stage = 'email';
        return line('askEmail');
      case 'email': {
        // A question is answered, never met with 'I did not understand your email'; after
        // `emailAttempts` turns without an address the assistant moves on instead of asking again.
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

  notice(systemText: string): DialogueReply | undefined {
    const email = detectEmail(systemText);
    if (!email || !this.script.proposal.test(systemText) || !this.script.queued.test(systemText)) return undefined;
    this.email = email;
    this.stage = 'done';
    return { text: this.say('proposalOnItsWay'), end: false };
  }

  /** The server queued the proposal (confirm where it went), or it could not (point to the form instead of promising). */
  toolOutcome(ok: boolean): DialogueReply {
    this.stage = 'done';
    return { text: this.say(ok && this.email ? 'proposalOnItsWay' : 'offerForm'), end: false };
  }

  /** It quotes what the visitor said, and what was agreed. */
  summary(): string {
    const s = this.script.summary;
    const values = { name: this.assistantName, email: this.email ?? '', business: this.business ?? '' };
    const parts = [fill(s.opening, values)];
    if (this.visitorSaid.length === 0) parts.push(fill(s.silent, values));
    else parts.push(fill(s.said, { ...values, said: this.visitorSaid.map((text) => fill(s.quote, { text })).join(', ') }));
    if (this.business) parts.push(fill(s.business, values));
    if (this.email) parts.push(fill(s.email, values));
    else if (this.visitorSaid.length > 0) parts.push(fill(s.noEmail, values));
    return parts.join(' ');
  }

  analysis(): { successEvaluation: string; structuredData: Record<string, unknown> } {
    return { successEvaluation: this.email ? 'true' : 'false', structuredData: { email: this.email ?? null, business: this.business ?? null } };
  }
}

/** A factory of conversations run from `script`. */
export function scriptedDialogue(script: ScriptedDialogue): DialogueFactory {
  return (assistantName) => new ScriptedConversation(script, assistantName);
}

/** The simulator's `dialogue` option as a factory: a table is run by the scripted engine; none is `echoDialogue`. */
export function dialogueFactory(option: ScriptedDialogue | DialogueFactory | undefined): DialogueFactory {
  if (typeof option === 'function') return option;
  return option ? scriptedDialogue(option) : echoDialogue;
}
