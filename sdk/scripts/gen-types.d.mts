export declare const DEFAULT_INPUT: string;
export declare const DEFAULT_OUTPUT: string;
