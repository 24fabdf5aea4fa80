// Types of server-node-flags.mjs, which plain Node runs (`npm start`) before anything compiles.

/** The heap ceiling, in MB, when NODE_OPTIONS sets none. */
export declare const SERVER_HEAP_MB: number;

/** The flags to put before the server's entry point. */
export declare function serverNodeFlags(env?: NodeJS.ProcessEnv): string[];

/** The arguments after `node` that start the server from source, run from the repository's root. */
export declare function serverArgs(env?: NodeJS.ProcessEnv): string[];
