import { type RouteContext, type RouteDef } from './context';
import { type Json } from './json';
import type { Entity } from './store';
type Op = 'create' | 'list' | 'get' | 'update' | 'replace' | 'delete';
export interface ResourceDef {
    /** Store collection. */
    collection: string;
    /** Collection path; `:param` segments are parent ids stored on each entity. */
    path: string;
    /** Singular name used in messages ('Assistant'). */
    label: string;
    /** Default: create, list, get, update, delete. */
    ops?: Op[];
    /** List answer: a bare array or a `{results, metadata}` page. Default: from the document, else array. */
    list?: 'array' | 'paginated';
    /** Fields every new entity starts with (the body overrides them). */
    defaults?: (body: Json) => Record<string, unknown>;
    /** Required fields the document does not give (routes it lacks). */
    required?: string[];
    /** Runs after create, update and replace (e.g. assistant versions). */
    afterWrite?: (entity: Entity, ctx: RouteContext) => void;
}
/** Every resource group of sdk.md's naming table, plus the document's newer groups. */
export declare const RESOURCES: ResourceDef[];
/** The list answer for a collection, in the shape the platform uses on `path`. */
export declare function listReply(def: Pick<ResourceDef, 'collection' | 'path' | 'list'>, ctx: RouteContext, extra?: Record<string, string>): import("./context").Reply;
/** The routes of one resource row. */
export declare function crudRoutes(def: ResourceDef): RouteDef[];
export {};
