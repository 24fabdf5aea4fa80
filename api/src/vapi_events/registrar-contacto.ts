// The registrar_contacto tool: the assistant captures the lead itself. It records the lead as the
// email modal does (a submission, then a call row on the conversation) and queues the proposal
// through the same service, so the same conversation check and mail caps apply.
import { customerUpsertInput, LEAD_TOOL_NAME } from '@helena/contract';
import type { Deps } from '../deps';
import { insertCall } from '../calls/queries';
import { findSubmission, recordSubmission } from '../customer/queries';
import { queueProposal } from '../proposal/service';
import { sendStatus } from '../proposal/send-status';
import { findConversation } from './queries';

/** The tool's name, as configured in the assistant's `model.tools`. */
export const REGISTRAR_CONTACTO = LEAD_TOOL_NAME;

/**
 * The tool as an assistant's `model.tools` declares it: what the platform's model sees. The demo's
 * assistant carries it, and api/README.md shows the same JSON (a test keeps the two equal).
 */
export const REGISTRAR_CONTACTO_TOOL = {
  type: 'function',
  function: {
    name: REGISTRAR_CONTACTO,
    description: 'Registra el contacto del visitante cuando ha dado su correo y acepta recibir la propuesta personalizada.',
    parameters: {
      type: 'object',
      properties: {
        email: { type: 'string', description: 'Correo electrónico del visitante' },
        nombre: { type: 'string', description: 'Nombre del visitante' },
        cargo: { type: 'string', description: 'Cargo del visitante' },
        empresa: { type: 'string', description: 'Empresa del visitante' },
      },
      required: ['email'],
    },
  },
} as const;

const leadInput = customerUpsertInput.omit({ website: true });

/** The tool's arguments, in the words the assistant uses, validated by the modal's own schema. */
const parseArguments = (a: Record<string, unknown>) => leadInput.safeParse({ email: a.email, name: a.nombre, cargo: a.cargo, company: a.empresa });

/** What the assistant may say back, in Spanish. */
export const TOOL_ANSWERS = {
  queued: 'Listo. He registrado sus datos; recibirá la confirmación por correo enseguida y la propuesta al terminar la llamada.',
  /** A chat has no end-of-call report to wait for, so both emails go at once. */
  queuedNow: 'Listo. He registrado sus datos; recibirá la confirmación y la propuesta por correo enseguida.',
  alreadyQueued: 'Sus datos ya estaban registrados: la propuesta ya está en camino.',
  /** A mail cap held it back because one went to this address recently: nothing was sent. */
  sentRecently: 'He registrado sus datos, pero no se ha enviado nada: ya se pidió una propuesta para ese correo hace poco y no se envía otra. Dígale que revise su bandeja de entrada, sin decir que se la ha enviado ahora.',
  /** Held back for another reason (not told apart, so nothing is said about the address): nothing was sent. */
  notSent: 'He registrado sus datos, pero no se ha enviado nada: ahora no se puede enviar la propuesta a ese correo. Dígaselo al visitante, sin prometer un envío.',
  invalid: 'No he podido registrar los datos: el correo electrónico no es válido. Pídale que lo repita.',
  unknownCall: 'No he podido registrar los datos: esta llamada no está registrada.',
  refused: 'No he podido registrar los datos ahora mismo.',
} as const;

export type ToolAnswer = { result: string } | { error: string };

/** Registers the lead given to the assistant in the conversation `vapiIds` name and queues its proposal. */
export async function registerContact(deps: Deps, vapiIds: readonly string[], args: Record<string, unknown>): Promise<ToolAnswer> {
  const parsed = parseArguments(args);
  if (!parsed.success) return { error: TOOL_ANSWERS.invalid };
  const conversation = await findConversation(deps.db, vapiIds);
  if (!conversation) return { error: TOOL_ANSWERS.unknownCall };
  const submissionId = await recordSubmission(deps.db, parsed.data);
  deps.metrics.leadsCreated.inc({ source: 'assistant' });
  const submission = await findSubmission(deps.db, submissionId);
  if (!submission) return { error: TOOL_ANSWERS.refused };
  const callId = await insertCall(deps.db, submission, {
    transaction: `propuesta-${submissionId}`,
    status: 'completada',
    summary: null,
    vapi_call_id: conversation.id,
    duration: null,
  });
  if (!callId) return { error: TOOL_ANSWERS.refused };
  const sent = await queueProposal(deps, callId);
  if (sent.status === 'not-found' || sent.status === 'forbidden') {
    deps.log.warn('registrar_contacto refused', { vapiIds, status: sent.status, reason: 'reason' in sent ? sent.reason : undefined });
    return { error: TOOL_ANSWERS.refused };
  }
  if (sent.status === 'already-queued') return { result: TOOL_ANSWERS.alreadyQueued };
  // Held by a mail cap, the lead is registered but nothing is sent: the assistant must say so.
  const status = sendStatus(sent, deps.config);
  if (status !== 'queued') return { result: status === 'sent-recently' ? TOOL_ANSWERS.sentRecently : TOOL_ANSWERS.notSent };
  return { result: sent.waitsForReport ? TOOL_ANSWERS.queued : TOOL_ANSWERS.queuedNow };
}
