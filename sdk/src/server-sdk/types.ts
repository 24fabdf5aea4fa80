// Each 2.0.1 method's signature, derived from its route in the operation table and the platform's
// generated types: the request object is the path parameters plus the query or the body.
import type { components } from '../platform/generated/openapi.js';
import type { HttpMethod, Route } from '../platform/route.js';
import type { RouteTypes } from '../platform/types.js';
import type { Operations } from './operations.js';
import type { BaseRequestOptions } from './options.js';
import type { HttpResponsePromise } from './response-promise.js';
import type { Uploadable } from './upload.js';

type S = components['schemas'];

/** The answer of `POST /assistant/background-sound/validate`, which the document lacks. */
export interface BackgroundSoundUrlValidationResult {
  valid: boolean;
  reason?: string;
  status?: number;
  contentType?: string;
}

/** Types of the two operations 2.0.1 has and the document lacks. */
interface LayerOnly {
  'POST /assistant/background-sound/validate': { body: { url: string }; response: BackgroundSoundUrlValidationResult };
  'POST /eval/simulation/suite/{id}/duplicate': { response: S['SimulationSuite'] };
}

/** Query fields 2.0.0 left optional where the document requires them: both forms are accepted. */
interface QueryOverrides {
  'GET /file': { purpose?: string };
}

type TypesOf<M extends HttpMethod, P extends string> = `${M} ${P}` extends keyof LayerOnly ? LayerOnly[`${M} ${P}`] : RouteTypes<M, P>;
type Field<T, K extends string> = T extends { [F in K]?: infer V } ? V : never;
/** Objects only: a route without a body or query contributes no fields. */
type Fields<T> = [T] extends [never] ? unknown : T extends object ? T : unknown;

type ParamNames<P extends string> = P extends `${string}{${infer N}}${infer Rest}` ? N | ParamNames<Rest> : never;
/** `'/a/{id}/b/{fileId}'` → `{ id: string; fileId: string }`. */
export type PathObject<P extends string> = { [N in ParamNames<P>]: string };

type QueryOf<M extends HttpMethod, P extends string> = `${M} ${P}` extends keyof QueryOverrides ? QueryOverrides[`${M} ${P}`] : Fields<Field<TypesOf<M, P>, 'query'>>;
type BodyOf<M extends HttpMethod, P extends string> = Fields<Field<TypesOf<M, P>, 'body'>>;

type Payload<O, M extends HttpMethod, P extends string> = O extends { kind: 'query' }
  ? QueryOf<M, P>
  : O extends { kind: 'json' }
    ? O extends { bodiless: true }
      ? unknown
      : O extends { wrapped: true }
        ? BodyOf<M, P> | { body: BodyOf<M, P> }
        : BodyOf<M, P>
    : O extends { kind: 'json-query' }
      ? BodyOf<M, P> & QueryOf<M, P>
      : O extends { kind: 'multipart' }
        ? { file: Uploadable } & Fields<Omit<Field<TypesOf<M, P>, 'fields'>, 'file'>>
        : unknown;

/** The request object of an operation. */
export type RequestOf<O> = O extends Route<infer M, infer P> ? PathObject<P> & Payload<O, M, P> : never;
/** The parsed answer of an operation. */
export type ResponseOf<O> = O extends Route<infer M, infer P> ? TypesOf<M, P>['response'] : never;

/** The method an operation becomes: the request may be left out when none of its fields is required. */
export type MethodOf<O> = object extends RequestOf<O>
  ? (request?: RequestOf<O>, requestOptions?: BaseRequestOptions) => HttpResponsePromise<ResponseOf<O>>
  : (request: RequestOf<O>, requestOptions?: BaseRequestOptions) => HttpResponsePromise<ResponseOf<O>>;

/** One resource's client: 2.0.1's method names. */
export type ResourceClient<R extends keyof Operations> = { readonly [N in keyof Operations[R]]: MethodOf<Operations[R][N]> };

/** An operation by resource and method name: `Operation<'assistants', 'get'>`. */
export type OperationOf<R extends keyof Operations, N extends keyof Operations[R]> = Operations[R][N];
