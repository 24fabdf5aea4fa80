export interface DialogueReply {
    text: string;
    /** True when the assistant says goodbye and hangs up after this line. */
    end: boolean;
    /**
     * A function tool the assistant calls after this line, when its `model.tools` has one by that
     * name: the platform sends it to the Server URL and the assistant then says `toolOutcome`.
     */
    toolCall?: {
        name: string;
        arguments: Record<string, unknown>;
    };
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
    analysis(): {
        successEvaluation?: string;
        structuredData?: Record<string, unknown>;
    };
}
/** Starts a conversation with an assistant of that name. */
export type DialogueFactory = (assistantName: string) => Conversation;
/**
 * The default assistant: it says it is a simulator and repeats what it hears, so a call or chat
 * works end to end with no script. Pass a `ScriptedDialogue` (or a factory) for anything else.
 */
export declare const echoDialogue: DialogueFactory;
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
export declare class ScriptedConversation implements Conversation {
    readonly script: ScriptedDialogue;
    readonly assistantName: string;
    stage: DialogueStage;
    business: string | undefined;
    email: string | undefined;
    /** Visitor turns, since the assistant asked for the address, that gave none. */
    private emailMisses;
    readonly visitorSaid: string[];
    constructor(script: ScriptedDialogue, assistantName: string);
    private say;
    greeting(): string;
    reply(userText: string): DialogueReply;
    notice(systemText: string): DialogueReply | undefined;
    /** The server queued the proposal (confirm where it went), or it could not (point to the form instead of promising). */
    toolOutcome(ok: boolean): DialogueReply;
    /** It quotes what the visitor said, and what was agreed. */
    summary(): string;
    analysis(): {
        successEvaluation: string;
        structuredData: Record<string, unknown>;
    };
}
/** A factory of conversations run from `script`. */
export declare function scriptedDialogue(script: ScriptedDialogue): DialogueFactory;
/** The simulator's `dialogue` option as a factory: a table is run by the scripted engine; none is `echoDialogue`. */
export declare function dialogueFactory(option: ScriptedDialogue | DialogueFactory | undefined): DialogueFactory;
