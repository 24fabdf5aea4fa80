import { type RouteDef } from './context';
import { type Json } from './json';
/** Objects merge recursively; anything else (arrays included) replaces. */
export declare function deepMerge(base: Json, over: Json | undefined): Json;
/** Pause between two streamed pieces of an answer, so that a page sees it arrive. */
export declare const CHAT_STREAM_PIECE_MS = 15;
/** Special routes. Registered before the CRUD table, so `/campaign/paginated` wins over `/campaign/:id`. */
export declare const PLATFORM_ROUTES: RouteDef[];
