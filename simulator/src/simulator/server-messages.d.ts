import { type Json } from './json';
export interface ServerMessengerOptions {
    /** The credential's secret: each body's HMAC-SHA256 goes in `x-vapi-signature`. */
    secret: string;
    /**
     * The organisation's Server URL: used when neither the assistant nor its overrides name one. A
     * function is asked at each delivery (a host that learns its own address only once it listens).
     */
    fallbackUrl?: string | (() => string | undefined);
    /** Attempts per delivery. Default 4. */
    attempts?: number;
    /** The first retry's delay, doubled at each retry. Default 250 ms. */
    retryBaseMs?: number;
    /** Default: the global fetch. */
    fetch?: typeof fetch;
    /** Told about a delivery that failed every attempt. */
    onFailure?: (url: string, type: string, error: unknown) => void;
}
export interface ServerMessenger {
    /** The call record changed by `patch`: sends what the platform would for it. */
    callChanged(assistant: Json, call: Json, patch: Json): void;
    /**
     * The assistant calls a function tool its `model.tools` has (see {@link assistantTool}): a
     * `tool-calls` message about `subject` (a call, or a chat), after that conversation's earlier
     * messages. Resolves with the server's result for this tool call, or undefined when nothing
     * was sent or no usable answer came back.
     */
    toolCall(assistant: Json, subject: {
        call: Json;
    } | {
        chat: Json;
    }, toolCall: FunctionToolCallJson): Promise<ToolCallOutcome | undefined>;
    /** Resolves when every delivery under way has finished (tests, shutdown). */
    idle(): Promise<void>;
}
/** What the Server URL answered for one tool call (`{ results: [{ toolCallId, result | error }] }`). */
export interface ToolCallOutcome {
    result?: string;
    error?: string;
}
/** One function call of a `tool-calls` message's `toolCallList`. */
export interface FunctionToolCallJson {
    id: string;
    type: 'function';
    function: {
        name: string;
        arguments: Json;
    };
}
/** The assistant's function tool `name`, when its `model.tools` has it: the platform calls only configured tools. */
export declare function assistantTool(assistant: Json, name: string): Json | undefined;
/** A call of `name` with `args`, with a fresh id. */
export declare function functionToolCall(name: string, args: Json): FunctionToolCallJson;
/** The end-of-call report for an ended call record, in the platform's `ServerMessageEndOfCallReport` shape. */
export declare function endOfCallReport(call: Json): Json;
export declare function createServerMessenger(options: ServerMessengerOptions): ServerMessenger;
