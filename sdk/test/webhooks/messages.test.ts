// Typed server messages and the tool-calls answer. Fixtures follow the shapes of the platform's
// OpenAPI document (ServerMessageToolCalls, ToolCall, ServerMessageResponseToolCalls).
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  functionToolCalls,
  isServerMessage,
  readServerMessage,
  toolCallsResponse,
  type ServerMessage,
  type ServerMessageOf,
  type ServerMessageType,
} from '@helena/sdk';
import { readFileSync } from 'node:fs';

const doc: unknown = JSON.parse(readFileSync(new URL('../../../../shared/spec/vapi-openapi.json', import.meta.url), 'utf8'));

const toolCalls = {
  message: {
    type: 'tool-calls',
    toolWithToolCallList: [],
    toolCallList: [
      { id: 'tc_1', type: 'function', function: { name: 'registrar_contacto', arguments: { email: 'ana@empresa.es', nombre: 'Ana' } } },
      { id: 'tc_2', type: 'function', function: { name: 'registrar_contacto', arguments: '{"email":"luis@empresa.es"}' } },
      { id: 'tc_3', type: 'function', function: { name: 'otra', arguments: {} } },
      { id: 'tc_4', type: 'function', function: { name: 'registrar_contacto', arguments: '{not json' } },
    ],
  },
};

describe('server messages', () => {
  it('the type union covers every message type the document declares', () => {
    const schemas = (doc as { components: { schemas: Record<string, { properties?: { type?: { enum?: string[] } } }> } }).components.schemas;
    const declared = Object.entries(schemas)
      .filter(([name]) => /^ServerMessage(?!Response)[A-Z]/.test(name))
      .flatMap(([, s]) => s.properties?.type?.enum ?? []);
    // The compiler checks each literal below is a ServerMessageType; the run checks the document
    // declares exactly these.
    const covered = [
      'assistant-request', 'conversation-update', 'end-of-call-report', 'handoff-destination-request', 'hang',
      'knowledge-base-request', 'model-output', 'phone-call-control', 'speech-update', 'status-update', 'tool-calls',
      'transfer-destination-request', 'transfer-update', 'transcript', 'transcript[transcriptType="final"]',
      'user-interrupted', 'language-change-detected', 'voice-input', 'assistant.speechStarted', 'voice-request',
      'call.endpointing.request', 'chat.created', 'chat.deleted', 'session.created', 'session.updated',
      'session.deleted', 'call.deleted', 'call.delete.failed', 'call.artifact.upload', 'campaign.predial',
    ] as const satisfies readonly ServerMessageType[];
    expect(new Set(declared)).toEqual(new Set(covered));
    expectTypeOf<'end-of-call-report'>().toMatchTypeOf<ServerMessageType>();
    expectTypeOf<ServerMessageOf<'end-of-call-report'>>().toHaveProperty('endedReason');
  });

  it('reads and narrows a message', () => {
    const message = readServerMessage(JSON.stringify(toolCalls));
    expect(isServerMessage(message, 'status-update')).toBe(false);
    if (!isServerMessage(message, 'tool-calls')) throw new Error('expected tool-calls');
    expectTypeOf(message.toolCallList).toBeArray();
    expect(functionToolCalls(message, 'registrar_contacto')).toEqual([
      { id: 'tc_1', name: 'registrar_contacto', arguments: { email: 'ana@empresa.es', nombre: 'Ana' } },
      { id: 'tc_2', name: 'registrar_contacto', arguments: { email: 'luis@empresa.es' } },
      { id: 'tc_4', name: 'registrar_contacto', arguments: {} },
    ]);
    expect(functionToolCalls(message).map((c) => c.id)).toEqual(['tc_1', 'tc_2', 'tc_3', 'tc_4']);
  });

  it('refuses bodies that are not a message envelope', () => {
    for (const bad of ['', 'null', '[]', '{"message":null}', '{"message":{}}', '{"message":{"type":3}}', '{']) {
      expect(() => readServerMessage(bad)).toThrow(TypeError);
    }
    const unknown: ServerMessage = readServerMessage('{"message":{"type":"something-new","x":1}}');
    expect(unknown.type).toBe('something-new');
  });

  it('answers tool calls in the document shape: results with toolCallId, name and result', () => {
    const answer = toolCallsResponse([{ toolCallId: 'tc_1', name: 'registrar_contacto', result: 'Hecho.' }]);
    expect(answer).toEqual({ results: [{ toolCallId: 'tc_1', name: 'registrar_contacto', result: 'Hecho.' }] });
    const required = (doc as { components: { schemas: Record<string, { required?: string[] }> } }).components.schemas.ToolCallResult?.required ?? [];
    for (const field of required) expect(answer.results?.[0]).toHaveProperty(field);
  });
});
