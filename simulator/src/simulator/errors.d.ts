export interface PlatformErrorBody {
    message: string | string[];
    error: string;
    statusCode: number;
}
export declare const reasonPhrase: (status: number) => string;
export declare function errorBody(status: number, message: string | string[]): PlatformErrorBody;
/** Thrown by route handlers; the app turns it into the platform's error response. */
export declare class SimulatorHttpError extends Error {
    readonly status: number;
    readonly body: PlatformErrorBody;
    readonly headers: Record<string, string>;
    constructor(status: number, body: PlatformErrorBody, headers?: Record<string, string>);
}
export declare const httpError: (status: number, message: string | string[], headers?: Record<string, string>) => SimulatorHttpError;
export declare const INVALID_KEY_MESSAGE = "Invalid Key. Hot tip, you may be using the private key instead of the public key, or vice versa.";
