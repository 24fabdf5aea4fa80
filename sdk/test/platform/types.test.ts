// Compile-time checks (run by `npm run typecheck`); vitest runs the file too, so each case is a test.
import {
  createPlatformClient,
  type Assistant,
  type Call,
  type CreateAssistantDTO,
  type CreateWebCallBody,
  type MethodArgs,
  type MethodResponse,
  type PlatformClient,
  type RequestOptions,
  type RouteTypes,
  type WebCall,
} from '@helena/sdk';
import type { IsTyped } from '../../src/platform/types.js';
import type { PlatformRoutes } from '../../src/platform/resources/index.js';
import type { RoutesOf } from '../../src/platform/types.js';
import type { Route } from '../../src/platform/route.js';
import { describe, expectTypeOf, it } from 'vitest';

const client = createPlatformClient({ token: 't', baseUrl: 'http://127.0.0.1:1' });

describe('method types', () => {
  it('assistants.create takes the CreateAssistantDTO body and answers an Assistant', () => {
    expectTypeOf(client.assistants.create).parameter(0).toEqualTypeOf<CreateAssistantDTO>();
    expectTypeOf(client.assistants.create).parameter(1).toEqualTypeOf<RequestOptions | undefined>();
    expectTypeOf(client.assistants.create).returns.resolves.toEqualTypeOf<Assistant>();
    expectTypeOf<MethodArgs<'assistants.create'>>().toEqualTypeOf<[body: CreateAssistantDTO, options?: RequestOptions]>();
    // @ts-expect-error an unknown field is refused
    void (() => client.assistants.create({ name: 'x', notAField: 1 }));
  });

  it('free-form objects take whatever the caller puts in them; a misspelt known field is refused', () => {
    void (() => client.calls.create({ assistantId: 'a', assistantOverrides: { variableValues: { name: 'Ana', visits: 2 }, metadata: { team: 'sales' } } }));
    void (() => client.assistants.create({ name: 'x', metadata: { team: 'sales', seats: 3 } }));
    void (() =>
      client.tools.create({
        type: 'apiRequest',
        method: 'POST',
        url: 'https://crm.example.test/leads',
        headers: { type: 'object', properties: { 'x-api-key': { type: 'string' } } },
        body: { type: 'object', properties: { email: { type: 'string', format: 'email' } }, required: ['email'] },
      }));
    void (() =>
      client.tools.create({
        type: 'function',
        function: { name: 'registrar_contacto' },
        server: { url: 'https://crm.example.test', headers: { authorization: 'Bearer k', 'x-retries': 2 } },
      }));
    expectTypeOf<NonNullable<CreateAssistantDTO['metadata']>>().toEqualTypeOf<Record<string, unknown>>();
    // @ts-expect-error a misspelt field beside a free-form one
    void (() => client.calls.create({ assistantOverrides: { variableValues: { name: 'Ana' }, metadatta: {} } }));
    // @ts-expect-error a misspelt field inside a known nested object
    void (() => client.assistants.create({ name: 'x', metadata: {}, voice: { provider: '11labs', voiceid: 'burt' } }));
  });

  it('calls.get takes an id and answers a Call', () => {
    expectTypeOf(client.calls.get).parameters.toEqualTypeOf<[id: string, options?: RequestOptions]>();
    expectTypeOf(client.calls.get).returns.resolves.toEqualTypeOf<Call>();
    expectTypeOf<MethodResponse<'calls.get'>['id']>().toEqualTypeOf<string>();
    // @ts-expect-error the id is required
    void (() => client.calls.get());
  });

  it('the hand-written POST /call/web types come from the specification', () => {
    expectTypeOf(client.calls.createWeb).parameter(0).toEqualTypeOf<CreateWebCallBody>();
    expectTypeOf<CreateWebCallBody>().toHaveProperty('workflowOverrides');
    expectTypeOf(client.calls.createWeb).returns.resolves.toEqualTypeOf<WebCall>();
    expectTypeOf<WebCall['webCallUrl']>().toEqualTypeOf<string>();
  });

  it('query, nested, optional-segment and multipart methods', () => {
    expectTypeOf(client.assistants.list).parameter(0).toMatchTypeOf<{ limit?: number } | undefined>();
    expectTypeOf(client.testSuites.tests.update).parameters.toMatchTypeOf<[suiteId: string, id: string, body: any, options?: RequestOptions]>();
    expectTypeOf(client.voiceLibrary.sync).parameters.toEqualTypeOf<[provider?: string, options?: RequestOptions]>();
    expectTypeOf(client.files.create).parameter(0).toEqualTypeOf<Blob>();
    expectTypeOf<RouteTypes<'POST', '/file'>['fields']>().toHaveProperty('purpose');
    // cloneVoice's fields (name) are required
    // @ts-expect-error the fields are required
    void (() => client.providers.cloneVoice(new Blob([])));
    expectTypeOf<PlatformClient['orgs']['removeMember']>().parameters.toEqualTypeOf<
      [id: string, memberId: string, options?: RequestOptions]
    >();
  });

  it('every route of the table has request and response types', () => {
    type Untyped<R> = R extends Route<infer M, infer P> ? (IsTyped<M, P> extends true ? never : `${M} ${P}`) : never;
    expectTypeOf<Untyped<RoutesOf<PlatformRoutes>>>().toBeNever();
  });
});
