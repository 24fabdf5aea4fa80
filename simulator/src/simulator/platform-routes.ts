// The simulator's routes beyond plain CRUD, as one table: web calls and their rooms, chats
// answered by the simulator's dialogue, and small canned answers for the remaining platform routes.
import { httpError } from './errors';
import { listReply } from './resources';
import { Room } from './rooms';
import { newRoomName } from './room-registry';
import { resolveTimings } from './room-timings';
import { applyVariables } from './variables';
import { assistantTool, functionToolCall } from './server-messages';
import { param, reply, type Auth, type BodyKind, type Reply, type RouteContext, type RouteDef } from './context';
import { asJson, asString, isJson, list, textOf, type Json } from './json';
import { checkRequired } from './validate';
import { uuid, type Entity } from './store';
import { dialogueContext } from './dialogue';

/** Objects merge recursively; anything else (arrays included) replaces. */
export function deepMerge(base: Json, over: Json | undefined): Json {
  if (!isJson(over)) return { ...base };
  const out: Json = { ...base };
  for (const [k, v] of Object.entries(over)) out[k] = isJson(v) && isJson(out[k]) ? deepMerge(out[k], v) : v;
  return out;
}

const body = (ctx: RouteContext): Json => {
  if (ctx.body === undefined || ctx.body === null) return {};
  if (!isJson(ctx.body)) throw httpError(400, ['body must be an object']);
  return ctx.body;
};

function lookup(ctx: RouteContext, collection: string, id: unknown, field: string, label: string): Entity {
  const entity = typeof id === 'string' ? ctx.state.store.get(collection, id) : undefined;
  if (!entity) throw httpError(400, `Couldn't Get ${label}. \`${field}\` ${String(id)} Does Not Exist.`);
  return entity;
}

/** The assistant that will talk: inline, by id, a squad's first member, or a workflow's stand-in. */
function resolveAssistant(ctx: RouteContext, b: Json): { assistant: Json; variables: Json } {
  let assistant: Json | undefined;
  let overrides: Json | undefined = isJson(b.assistantOverrides) ? b.assistantOverrides : undefined;
  if (isJson(b.assistant)) assistant = b.assistant;
  else if (b.assistantId !== undefined) assistant = lookup(ctx, 'assistant', b.assistantId, 'assistantId', 'Assistant');
  else if (isJson(b.squad) || b.squadId !== undefined) {
    const squad = isJson(b.squad) ? b.squad : lookup(ctx, 'squad', b.squadId, 'squadId', 'Squad');
    const first = list(squad.members)[0];
    if (first && isJson(first.assistant)) assistant = first.assistant;
    else if (first?.assistantId !== undefined) assistant = lookup(ctx, 'assistant', first.assistantId, 'assistantId', 'Assistant');
    else assistant = { name: squad.name };
    overrides = deepMerge(asJson(first?.assistantOverrides), overrides);
  } else if (isJson(b.workflow) || b.workflowId !== undefined) {
    const workflow = isJson(b.workflow) ? b.workflow : lookup(ctx, 'workflow', b.workflowId, 'workflowId', 'Workflow');
    const nodes = list(workflow.nodes);
    const start = nodes.find((n) => n.isStart) ?? nodes[0];
    assistant = { name: workflow.name, firstMessage: asJson(start?.messagePlan).firstMessage, model: workflow.model };
    overrides = deepMerge(asJson(b.workflowOverrides), overrides);
  }
  if (!assistant) {
    throw httpError(400, "Couldn't Create Call. Need Either `assistant`, `assistantId`, `squad`, `squadId`, `workflow` or `workflowId`.");
  }
  const { variableValues, ...rest } = overrides ?? {};
  return { assistant: deepMerge(assistant, rest), variables: isJson(variableValues) ? variableValues : {} };
}

/** POST /call/web: a call record, and a room its `webCallUrl` points into. */
function createWebCall(ctx: RouteContext): Reply {
  const b = body(ctx);
  const { assistant, variables } = resolveAssistant(ctx, b);
  const { state } = ctx;
  const id = uuid();
  const roomName = newRoomName();
  const webCallUrl = `${ctx.base}/room/${roomName}`;
  const artifactPlan = { recordingEnabled: true, videoRecordingEnabled: false, ...(isJson(assistant.artifactPlan) ? assistant.artifactPlan : {}) };
  const inline: Json = {};
  for (const k of ['assistantId', 'assistant', 'assistantOverrides', 'squadId', 'squad', 'workflowId', 'workflow', 'workflowOverrides', 'name', 'metadata'] as const) {
    if (b[k] !== undefined) inline[k] = b[k];
  }
  const assistantId = asString(b.assistantId);
  if (inline.assistant === undefined && assistantId !== undefined) inline.assistant = state.store.get('assistant', assistantId);
  const call = state.store.insert('call', {
    ...inline,
    id,
    type: 'webCall',
    status: 'queued',
    webCallUrl,
    artifactPlan,
    transport: { provider: 'daily', assistantVideoEnabled: false },
    monitor: { listenUrl: null, controlUrl: `${ctx.base}/call/${id}/control` },
    messages: [],
    cost: 0,
    costs: [],
  });
  const timings = resolveTimings(state.script);
  const room = new Room(roomName, id, assistant, variables, {
    timings,
    // The conversation speaks the assistant's language (its transcriber's, overrides included).
    dialogue: (name) => state.dialogue(name, dialogueContext(assistant)),
    defaultName: state.script.defaultName ?? 'Helena',
    videoRecordingEnabled: artifactPlan.videoRecordingEnabled === true,
    keepAliveOnLeave: b.roomDeleteOnUserLeaveEnabled === false,
    updateCall: (patch) => {
      const record = state.store.update('call', id, patch);
      if (record) state.serverMessages?.callChanged(assistant, record, patch);
    },
    callTool: (toolCall) => {
      const record = state.store.get('call', id);
      return record && state.serverMessages ? state.serverMessages.toolCall(assistant, { call: record }, toolCall) : Promise.resolve(undefined);
    },
    onEnded: () => {},
  });
  state.rooms.add(room);
  return reply(call, 201);
}

/** POST /call and POST /call/phone: recorded, never dialled (there is no telephone network here). */
function createPhoneCall(ctx: RouteContext): Reply {
  const b = body(ctx);
  if (b.assistant !== undefined || b.assistantId !== undefined || b.squad !== undefined || b.squadId !== undefined || b.workflow !== undefined || b.workflowId !== undefined) {
    resolveAssistant(ctx, b);
  }
  const make = (customer: unknown) =>
    ctx.state.store.insert('call', { ...b, customers: undefined, customer, type: 'outboundPhoneCall', status: 'queued', messages: [], cost: 0, costs: [] });
  if (Array.isArray(b.customers)) return reply({ results: b.customers.map(make), errors: [] }, 201);
  return reply(make(b.customer), 201);
}

/** POST /call/{id}/control: live call control (the call's `monitor.controlUrl`). */
function controlCall(ctx: RouteContext): Reply {
  const call = ctx.state.store.get('call', param(ctx, 'id'));
  if (!call) throw httpError(404, "Couldn't Find Call. Call Not Found.");
  const room = ctx.state.rooms.forCall(call.id);
  if (!room || room.status === 'ended') throw httpError(400, 'Call is not active.');
  const b = body(ctx);
  if (!room.control(b)) throw httpError(400, [`type must be one of the following values: add-message, say, end-call, control`]);
  return reply({ ok: true });
}

function deleteCall(ctx: RouteContext): Reply {
  const call = ctx.state.store.get('call', param(ctx, 'id'));
  if (!call) throw httpError(404, "Couldn't Find Call. Call Not Found.");
  ctx.state.rooms.forCall(call.id)?.end('call-deleted');
  return reply(ctx.state.store.delete('call', call.id));
}

// ---- chats ------------------------------------------------------------------------------------

/** A message's text, whether its content is a string or a list of parts. */
const contentText = (content: unknown): string =>
  typeof content === 'string' ? content : list(content).map((c) => asString(c.text) ?? '').join(' ');

/**
 * What this turn brings: the visitor's latest words, or, when the input ends with a system
 * message (the page telling the assistant what happened), that message.
 */
function turnInput(input: unknown): { role: 'user' | 'system'; text: string } {
  if (typeof input === 'string') return { role: 'user', text: input };
  // The document's two forms; a number or an object is a bad request, not an empty turn.
  if (!Array.isArray(input)) throw httpError(400, ['input must be a string or an array of messages']);
  if (input.length === 0) return { role: 'user', text: '' };
  const messages = list(input);
  const last = messages[messages.length - 1] ?? {};
  if (last.role === 'system') return { role: 'system', text: contentText(last.content) };
  const users = messages.filter((m) => m.role === 'user' || m.role === undefined);
  return { role: 'user', text: contentText((users[users.length - 1] ?? last).content) };
}

/**
 * One chat turn: finds (or starts) the conversation, answers with the script, records the chat.
 * When the dialogue calls a function tool the assistant has (a lead tool, say), the tool is
 * called through the Server URL first, as the platform does, and the output shows the call, its
 * result and what the assistant then says.
 */
async function chatTurn(ctx: RouteContext, b: Json): Promise<{ chat: Entity; answer: string; sessionId: string }> {
  const { state } = ctx;
  const turn = turnInput(b.input);
  const previous = typeof b.previousChatId === 'string' ? state.store.get('chat', b.previousChatId) : undefined;
  if (b.previousChatId !== undefined && !previous) throw httpError(400, `Couldn't Get Chat. \`previousChatId\` ${textOf(b.previousChatId)} Does Not Exist.`);
  let sessionId = asString(b.sessionId) ?? asString(previous?.sessionId);
  let session = sessionId ? state.store.get('session', sessionId) : undefined;
  if (b.sessionId !== undefined && !session) throw httpError(400, `Couldn't Get Session. \`sessionId\` ${textOf(b.sessionId)} Does Not Exist.`);
  const source = session ?? b;
  const hasAssistant = ['assistant', 'assistantId', 'squad', 'squadId'].some((k) => source[k] !== undefined);
  const { assistant } = hasAssistant ? resolveAssistant(ctx, source) : { assistant: { name: state.script.defaultName ?? 'Helena' } };
  if (!session) {
    session = state.store.insert('session', {
      status: 'active',
      assistantId: b.assistantId,
      assistant: b.assistant,
      assistantOverrides: b.assistantOverrides,
      squadId: b.squadId,
      messages: [],
    });
    sessionId = session.id;
  }
  const key = `session:${sessionId}`;
  let dialogue = state.dialogues.get(key);
  if (!dialogue) state.dialogues.set(key, (dialogue = state.dialogue(textOf(assistant.name ?? state.script.defaultName ?? 'Helena'), dialogueContext(assistant))));
  const variables = asJson(asJson(b.assistantOverrides).variableValues);
  // A system notice gets an answer only when it changes something for the visitor (a queued proposal).
  const reply = turn.role === 'system' ? dialogue.notice(turn.text) : dialogue.reply(turn.text);
  const now = Date.now();
  // The document's message shapes: a user turn is a transcript entry, an assistant turn an OpenAI message.
  const inputTurn = turn.role === 'system' ? { role: 'system', message: turn.text, time: now, secondsFromStart: 0 } : { role: 'user', message: turn.text, time: now, endTime: now, secondsFromStart: 0 };
  const output: Json[] = [];
  const chatFields = {
    assistantId: b.assistantId ?? session.assistantId,
    assistant: b.assistant,
    assistantOverrides: b.assistantOverrides,
    squadId: b.squadId,
    name: b.name,
    sessionId,
    previousChatId: b.previousChatId,
    input: b.input,
  };
  let answer = reply ? applyVariables(reply.text, variables) : '';
  if (reply?.toolCall && assistantTool(assistant, reply.toolCall.name) && state.serverMessages) {
    const toolCall = functionToolCall(reply.toolCall.name, reply.toolCall.arguments);
    // The server sees the chat this turn belongs to, as the platform sends it.
    const pending = { id: uuid(), ...chatFields, messages: [...((session.messages as Json[]) ?? []), inputTurn] };
    const outcome = await state.serverMessages.toolCall(assistant, { chat: pending }, toolCall);
    if (outcome) {
      output.push(
        { role: 'assistant', content: '', tool_calls: [{ id: toolCall.id, type: 'function', function: { name: toolCall.function.name, arguments: JSON.stringify(toolCall.function.arguments) } }] },
        { role: 'tool', tool_call_id: toolCall.id, content: outcome.result ?? outcome.error ?? '' },
      );
      answer = applyVariables(dialogue.toolOutcome(outcome).text, variables);
    }
  }
  if (answer) output.push({ role: 'assistant', content: answer });
  const history = [...((session.messages as Json[]) ?? []), inputTurn, ...output];
  state.store.update('session', sessionId!, { messages: history });
  const chat = state.store.insert('chat', { ...chatFields, messages: history.slice(0, history.length - output.length), output, cost: 0, costs: [] });
  return { chat, answer, sessionId: sessionId! };
}

/** Pause between two streamed pieces of an answer, so that a page sees it arrive. */
export const CHAT_STREAM_PIECE_MS = 15;

/**
 * A chat's answer as the platform streams it: server-sent events, each a piece (a word) of one
 * output message's content, addressed by its path in the chat's output.
 */
function chatStream(chat: Entity, sessionId: string): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const events: Json[] = [];
  (chat.output as Json[]).forEach((message, index) => {
    if (message.role !== 'assistant' || typeof message.content !== 'string' || !message.content) return;
    for (const delta of message.content.match(/\S+\s*/g) ?? []) events.push({ id: chat.id, sessionId, path: `chat.output[${index}].content`, delta });
  });
  // A turn with nothing to say still tells the page its session.
  if (!events.length) events.push({ id: chat.id, sessionId, path: 'chat.output[0].content', delta: '' });
  let next = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const event = events[next++];
      if (!event) {
        controller.close();
        return;
      }
      if (next > 1) await new Promise((resolve) => setTimeout(resolve, CHAT_STREAM_PIECE_MS));
      controller.enqueue(encoder.encode(`data: ${JSON.stringify(event)}\n\n`));
    },
  });
}

function responsesShape(chat: Entity, answer: string): Json {
  return {
    id: chat.id,
    object: 'response',
    created_at: Math.floor(Date.parse(chat.createdAt) / 1000),
    status: 'completed',
    model: 'simulated',
    output: [{ id: uuid(), type: 'message', status: 'completed', role: 'assistant', content: [{ type: 'output_text', text: answer, annotations: [] }] }],
  };
}

// ---- small canned routes ------------------------------------------------------------------------

const needs = (collection: string, label: string) => (ctx: RouteContext): Entity => {
  const e = ctx.state.store.get(collection, param(ctx, 'id'));
  if (!e) throw httpError(404, `Couldn't Find ${label}. ${label} Not Found.`);
  return e;
};
const org = needs('org', 'Org');

function analytics(ctx: RouteContext): Reply {
  const b = body(ctx);
  checkRequired('POST /analytics', b);
  if (!Array.isArray(b.queries)) throw httpError(400, ['queries must be an array']);
  const results = list(b.queries).map((q) => {
    const rows = ctx.state.store.filter(q.table === 'subscription' ? 'subscription' : 'call');
    const result: Json = {};
    for (const op of list(q.operations)) {
      const column = textOf(op.column ?? 'id');
      const values = rows.map((r) => Number((r as Json)[column] ?? 0)).filter((n) => Number.isFinite(n));
      const name = asString(op.alias) ?? `${textOf(op.operation)}${column[0]?.toUpperCase() ?? ''}${column.slice(1)}`;
      const sum = values.reduce((a, v) => a + v, 0);
      result[name] =
        op.operation === 'count' ? rows.length
        : op.operation === 'sum' ? sum
        : op.operation === 'avg' ? (values.length ? sum / values.length : 0)
        : op.operation === 'min' ? (values.length ? Math.min(...values) : 0)
        : op.operation === 'max' ? (values.length ? Math.max(...values) : 0)
        : null;
    }
    return { name: q.name, timeRange: q.timeRange ?? { step: 'day', start: new Date(0).toISOString(), end: new Date().toISOString() }, result: [result] };
  });
  return reply(results, 201);
}

function callsCsv(ctx: RouteContext): Reply {
  const rows = ctx.state.store.filter('call', ctx.query);
  const cols = ['id', 'type', 'status', 'assistantId', 'createdAt', 'startedAt', 'endedAt', 'endedReason'];
  const esc = (v: unknown) => (/[",\n]/.test(textOf(v)) ? `"${textOf(v).replace(/"/g, '""')}"` : textOf(v));
  const csv = [cols.join(','), ...rows.map((r) => cols.map((c) => esc((r as Json)[c])).join(','))].join('\n');
  return { status: 200, body: csv, type: 'text', headers: { 'content-type': 'text/csv; charset=utf-8' } };
}

function fileEntity(ctx: RouteContext): Reply {
  const b = body(ctx);
  const file = b.file;
  if (!file || typeof file === 'string') throw httpError(400, ['file should not be empty']);
  const { file: _f, ...fields } = b;
  const entity = ctx.state.store.insert('file', {
    ...fields,
    object: 'file',
    status: 'done',
    name: (file as File).name || 'file',
    originalName: (file as File).name || 'file',
    bytes: (file as File).size,
    mimetype: (file as File).type || 'application/octet-stream',
    purpose: fields.purpose ?? 'assistant',
  });
  const withUrl = ctx.state.store.update('file', entity.id, { url: `${ctx.base}/file/${entity.id}/content` });
  return reply(withUrl, 201);
}

const VOICES = [
  { providerId: 'sim-es-1', name: 'Lucía', gender: 'female', accent: 'es-ES', language: 'es' },
  { providerId: 'sim-es-2', name: 'Mateo', gender: 'male', accent: 'es-MX', language: 'es' },
];
const voices = (ctx: RouteContext) => VOICES.map((v) => ({ ...v, id: `${ctx.params.provider ?? 'vapi'}-${v.providerId}`, provider: ctx.params.provider ?? 'vapi', isPublic: true }));

const r = (method: RouteDef['method'], path: string, handler: RouteDef['handler'], auth: Auth = 'private', kind?: BodyKind): RouteDef => ({
  method,
  path,
  auth,
  body: kind ?? (method === 'GET' || method === 'DELETE' ? 'none' : 'json'),
  handler,
});

/** Special routes. Registered before the CRUD table, so `/campaign/paginated` wins over `/campaign/:id`. */
export const PLATFORM_ROUTES: RouteDef[] = [
  // calls
  r('POST', '/call/web', createWebCall, 'public'),
  r('POST', '/call/phone', createPhoneCall),
  r('POST', '/call', createPhoneCall),
  r('DELETE', '/call/:id', deleteCall),
  r('POST', '/call/:id/control', controlCall, 'none'),
  r('GET', '/v2/call/export', callsCsv),
  r('GET', '/v2/call/metadata', (ctx) => {
    const calls = ctx.state.store.filter('call', ctx.query);
    const byStatus: Record<string, number> = {};
    for (const c of calls) byStatus[String(c.status)] = (byStatus[String(c.status)] ?? 0) + 1;
    return reply({ totalItems: calls.length, byStatus });
  }),
  r('GET', '/v2/call', (ctx) => listReply({ collection: 'call', path: '/v2/call', list: 'paginated' }, ctx)),
  r('GET', '/v2/assistant', (ctx) => listReply({ collection: 'assistant', path: '/v2/assistant', list: 'paginated' }, ctx)),
  r('GET', '/v2/phone-number', (ctx) => listReply({ collection: 'phone-number', path: '/v2/phone-number', list: 'paginated' }, ctx)),
  // chats
  r('POST', '/chat', async (ctx) => {
    const b = body(ctx);
    checkRequired('POST /chat', b);
    return reply((await chatTurn(ctx, b)).chat, 201);
  }),
  r('POST', '/chat/responses', async (ctx) => {
    const b = body(ctx);
    checkRequired('POST /chat/responses', b);
    const { chat, answer } = await chatTurn(ctx, b);
    return reply(responsesShape(chat, answer), 201);
  }),
  r('POST', '/chat/web', async (ctx) => {
    const b = body(ctx);
    checkRequired('POST /chat', b);
    const { chat, sessionId } = await chatTurn(ctx, b);
    if (b.stream === true) return { status: 200, type: 'stream', body: chatStream(chat, sessionId), headers: { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' } };
    return reply({ id: chat.id, sessionId, output: chat.output }, 201);
  }, 'public'),
  r('POST', '/chat/web/responses', async (ctx) => {
    const b = body(ctx);
    checkRequired('POST /chat/responses', b);
    const { chat, answer } = await chatTurn(ctx, b);
    return reply(responsesShape(chat, answer), 201);
  }, 'public'),
  // campaigns, templates, assistants, phone numbers, files
  r('GET', '/campaign/paginated', (ctx) => listReply({ collection: 'campaign', path: '/campaign/paginated', list: 'paginated' }, ctx)),
  r('GET', '/template/pinned', (ctx) => reply(ctx.state.store.filter('template', { ...ctx.query, isPinned: 'true' }))),
  r('GET', '/assistant/:id/version', (ctx) => {
    needs('assistant', 'Assistant')(ctx);
    return listReply({ collection: 'assistant-version', path: '/assistant/:id/version', list: 'paginated' }, ctx, { parentId: param(ctx, 'id') });
  }),
  r('POST', '/phone-number/import/twilio', (ctx) => {
    const b = body(ctx);
    checkRequired('POST /phone-number/import/twilio', b, ['twilioPhoneNumber', 'twilioAccountSid']);
    return reply(ctx.state.store.insert('phone-number', { ...b, provider: 'twilio', number: b.twilioPhoneNumber, status: 'active' }), 201);
  }),
  r('POST', '/phone-number/import/vonage', (ctx) => {
    const b = body(ctx);
    checkRequired('POST /phone-number/import/vonage', b, ['vonagePhoneNumber', 'credentialId']);
    return reply(ctx.state.store.insert('phone-number', { ...b, provider: 'vonage', number: b.vonagePhoneNumber, status: 'active' }), 201);
  }),
  r('POST', '/file', fileEntity, 'private', 'multipart'),
  r('POST', '/file/upload', fileEntity, 'private', 'multipart'),
  r('POST', '/workflow/generate', (ctx) =>
    reply(ctx.state.store.insert('workflow', { name: body(ctx).name ?? 'Flujo generado', nodes: [{ type: 'conversation', name: 'inicio', isStart: true }], edges: [] }), 201),
  ),
  // support, analytics, logs
  r('POST', '/support/ticket', (ctx) => reply({ id: uuid(), status: 'open', createdAt: ctx.state.store.now(), ...body(ctx) }, 201)),
  r('POST', '/analytics', analytics),
  r('GET', '/log', (ctx) => listReply({ collection: 'log', path: '/log', list: 'paginated' }, ctx)),
  r('DELETE', '/log', () => reply({})),
  r('GET', '/logs', (ctx) => listReply({ collection: 'log', path: '/logs', list: 'paginated' }, ctx)),
  r('DELETE', '/logs', () => reply({})),
  // orgs
  r('GET', '/org/:id/user', (ctx) => {
    org(ctx);
    return reply([{ id: uuid(), email: 'owner@example.com', role: 'admin', isOwner: true }]);
  }),
  r('DELETE', '/org/:id/leave', (ctx) => reply(org(ctx))),
  r('DELETE', '/org/:id/member/:memberId/leave', (ctx) => reply(org(ctx))),
  r('POST', '/org/:id/invite', (ctx) => {
    org(ctx);
    return reply({ invited: body(ctx).emails ?? [], role: body(ctx).role ?? 'viewer' }, 201);
  }),
  r('PATCH', '/org/:id/role', (ctx) => reply({ ...org(ctx), ...body(ctx) })),
  r('GET', '/org/:id/auth', (ctx) => {
    org(ctx);
    return reply({ token: `sim.${uuid()}`, orgId: param(ctx, 'id') });
  }),
  // credentials
  r('POST', '/credential/session', () => reply({ sessionToken: `sim-session-${uuid()}` }, 201)),
  r('POST', '/credential/webhook', () => reply({ received: true }, 201), 'none'),
  r('POST', '/credential/trigger', (ctx) => reply({ triggered: true, ...body(ctx) }, 201)),
  // voice library and providers
  r('POST', '/voice-library/sync/:provider', (ctx) => reply(voices(ctx), 201)),
  r('POST', '/voice-library/sync', (ctx) => reply(voices(ctx), 201)),
  r('POST', '/voice-library/create-sesame-voice', (ctx) => reply({ id: uuid(), provider: 'sesame', name: body(ctx).voiceName ?? 'voz', status: 'ready' }, 201), 'private', 'multipart'),
  r('GET', '/voice-library/:provider/accents', () => reply(['es-ES', 'es-MX', 'es-AR'])),
  r('GET', '/voice-library/:provider', (ctx) => reply(voices(ctx))),
  r('POST', '/11labs/voice/clone', () => reply({ voiceId: uuid() }, 201), 'private', 'multipart'),
  r('GET', '/:provider/workflows/:workflowId/hooks', () => reply([])),
  r('GET', '/:provider/workflows', () => reply([])),
  r('GET', '/:provider/locations', () => reply([])),
  r('GET', '/:provider/voices/search', (ctx) => reply(voices(ctx))),
  r('GET', '/:provider/voice/search', (ctx) => reply(voices(ctx))),
  r('POST', '/:provider/voices/add', (ctx) => reply(voices(ctx), 201)),
  r('POST', '/:provider/voice/add', (ctx) => reply(voices(ctx)[0], 201)),
];
