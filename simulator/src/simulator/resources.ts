// The simulator's CRUD surface as data: one row per resource group. `crudRoutes()` turns the
// table into routes (create, list, get, update = PATCH merge, replace = PUT, delete), with the
// OpenAPI document's required fields (`required-fields.ts`) checked on create.
import { httpError } from './errors';
import { LIST_SHAPES } from './required-fields';
import { param, reply, type RouteContext, type RouteDef } from './context';
import { checkRequired } from './validate';
import { isJson, type Json } from './json';
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

const CRUD: Op[] = ['create', 'list', 'get', 'update', 'delete'];

const versionOf = (collection: string) => (entity: Entity, ctx: RouteContext) => {
  const versions = ctx.state.store.filter(`${collection}-version`, { parentId: entity.id });
  ctx.state.store.insert(`${collection}-version`, { parentId: entity.id, version: versions.length + 1, [collection]: entity });
};

/** Every resource group of sdk.md's naming table, plus the document's newer groups. */
export const RESOURCES: ResourceDef[] = [
  { collection: 'assistant', path: '/assistant', label: 'Assistant', ops: [...CRUD, 'replace'], afterWrite: versionOf('assistant') },
  { collection: 'squad', path: '/squad', label: 'Squad' },
  { collection: 'call', path: '/call', label: 'Call', ops: ['list', 'get', 'update'] }, // create and delete: platform-routes.ts
  { collection: 'chat', path: '/chat', label: 'Chat', ops: ['list', 'get', 'delete'] },
  {
    collection: 'campaign',
    path: '/campaign',
    label: 'Campaign',
    defaults: () => ({ status: 'scheduled', calls: {}, callsCounterScheduled: 0, callsCounterQueued: 0, callsCounterInProgress: 0, callsCounterEndedVoicemail: 0, callsCounterEnded: 0 }),
  },
  { collection: 'campaign', path: '/v2/campaign', label: 'Campaign', defaults: () => ({ status: 'scheduled', calls: {} }) },
  { collection: 'session', path: '/session', label: 'Session', defaults: () => ({ status: 'active', messages: [] }) },
  { collection: 'phone-number', path: '/phone-number', label: 'Phone Number', defaults: () => ({ status: 'active' }) },
  { collection: 'tool', path: '/tool', label: 'Tool' },
  { collection: 'file', path: '/file', label: 'File', ops: ['list', 'get', 'update', 'delete'] },
  { collection: 'knowledge-base', path: '/knowledge-base', label: 'Knowledge Base' },
  { collection: 'knowledge-base', path: '/v2/knowledge-base', label: 'Knowledge Base' },
  { collection: 'workflow', path: '/workflow', label: 'Workflow', defaults: () => ({ nodes: [], edges: [] }) },
  { collection: 'test-suite', path: '/test-suite', label: 'Test Suite', list: 'paginated' },
  { collection: 'test-suite-test', path: '/test-suite/:testSuiteId/test', label: 'Test', list: 'paginated' },
  { collection: 'test-suite-run', path: '/test-suite/:testSuiteId/run', label: 'Test Suite Run', list: 'paginated', defaults: () => ({ status: 'queued', testResults: [] }) },
  { collection: 'org', path: '/org', label: 'Org' },
  { collection: 'token', path: '/token', label: 'Token', defaults: () => ({ tag: 'private', value: globalThis.crypto.randomUUID() }) },
  { collection: 'credential', path: '/credential', label: 'Credential' },
  { collection: 'template', path: '/template', label: 'Template', defaults: () => ({ visibility: 'private', type: 'tool' }) },
  { collection: 'structured-output', path: '/structured-output', label: 'Structured Output' },
  { collection: 'eval-run', path: '/eval/run', label: 'Eval Run', ops: ['create', 'list', 'get', 'delete'], defaults: () => ({ status: 'queued' }) },
  { collection: 'eval', path: '/eval', label: 'Eval' },
  { collection: 'scorecard', path: '/observability/scorecard', label: 'Scorecard' },
  { collection: 'insight', path: '/reporting/insight', label: 'Insight' },
  { collection: 'board', path: '/reporting/board', label: 'Board' },
  { collection: 'personality', path: '/eval/simulation/personality', label: 'Personality' },
  { collection: 'scenario', path: '/eval/simulation/scenario', label: 'Scenario' },
  { collection: 'simulation-run', path: '/eval/simulation/run', label: 'Simulation Run', ops: ['create', 'list', 'get', 'update'], list: 'paginated', defaults: () => ({ status: 'queued' }) },
  { collection: 'simulation-suite', path: '/eval/simulation/suite', label: 'Simulation Suite' },
  { collection: 'simulation', path: '/eval/simulation', label: 'Simulation' },
  { collection: 'provider-resource', path: '/provider/:provider/:resourceName', label: 'Provider Resource', list: 'paginated' },
];

const paramNames = (path: string): string[] => [...path.matchAll(/:(\w+)/g)].map((m) => m[1] ?? '');

/** The entity, if it exists and belongs to the parents named in the path; else the platform's 404. */
function find(def: ResourceDef, ctx: RouteContext): Entity {
  const entity = ctx.state.store.get(def.collection, param(ctx, 'id'));
  const parentsMatch = entity && paramNames(def.path).every((p) => entity[p] === ctx.params[p]);
  if (!entity || !parentsMatch) throw httpError(404, `Couldn't Find ${def.label}. ${def.label} Not Found.`);
  return entity;
}

function parentFields(def: ResourceDef, ctx: RouteContext): Record<string, string> {
  return Object.fromEntries(paramNames(def.path).map((p) => [p, param(ctx, p)]));
}

function asObject(body: unknown): Json {
  if (body === undefined || body === null) return {};
  if (!isJson(body)) throw httpError(400, ['body must be an object']);
  return body;
}

/** The list answer for a collection, in the shape the platform uses on `path`. */
export function listReply(def: Pick<ResourceDef, 'collection' | 'path' | 'list'>, ctx: RouteContext, extra: Record<string, string> = {}) {
  const shape = def.list ?? LIST_SHAPES[def.path] ?? 'array';
  const query = { ...ctx.query, ...extra };
  return reply(shape === 'paginated' ? ctx.state.store.page(def.collection, query) : ctx.state.store.list(def.collection, query));
}

/** The routes of one resource row. */
export function crudRoutes(def: ResourceDef): RouteDef[] {
  const ops = def.ops ?? CRUD;
  const item = `${def.path}/:id`;
  const routes: RouteDef[] = [];
  const write = (entity: Entity, ctx: RouteContext) => {
    def.afterWrite?.(entity, ctx);
    return entity;
  };
  if (ops.includes('create')) {
    routes.push({
      method: 'POST',
      path: def.path,
      auth: 'private',
      body: 'json',
      handler: (ctx) => {
        const body = asObject(ctx.body);
        checkRequired(`POST ${def.path}`, body, def.required);
        const { id: _id, orgId: _org, createdAt: _c, updatedAt: _u, ...fields } = body;
        const entity = ctx.state.store.insert(def.collection, { ...def.defaults?.(body), ...fields, ...parentFields(def, ctx) });
        return reply(write(entity, ctx), 201);
      },
    });
  }
  if (ops.includes('list')) {
    routes.push({ method: 'GET', path: def.path, auth: 'private', body: 'none', handler: (ctx) => listReply(def, ctx, parentFields(def, ctx)) });
  }
  if (ops.includes('get')) {
    routes.push({ method: 'GET', path: item, auth: 'private', body: 'none', handler: (ctx) => reply(find(def, ctx)) });
  }
  for (const [op, method] of [['update', 'PATCH'], ['replace', 'PUT']] as const) {
    if (!ops.includes(op)) continue;
    routes.push({
      method,
      path: item,
      auth: 'private',
      body: 'json',
      handler: (ctx) => {
        find(def, ctx);
        const body = asObject(ctx.body);
        // PUT replaces the whole entity, so it must carry what a create needs; PATCH merges.
        if (op === 'replace') checkRequired(`POST ${def.path}`, body, def.required);
        const entity = ctx.state.store[op](def.collection, param(ctx, 'id'), { ...body, ...parentFields(def, ctx) })!;
        return reply(write(entity, ctx));
      },
    });
  }
  if (ops.includes('delete')) {
    routes.push({
      method: 'DELETE',
      path: item,
      auth: 'private',
      body: 'none',
      handler: (ctx) => {
        find(def, ctx);
        return reply(ctx.state.store.delete(def.collection, param(ctx, 'id')));
      },
    });
  }
  return routes;
}
