// The pages behind the links in every visitor email: /baja (unsubscribe) and /privacidad (see
// and erase what is stored), in Spanish. Every value is escaped by `html`; the forms post back
// to the page's own URL.
import { html, paragraphs, type SafeHtml } from '../html/escape';
import { WORDING } from '../pages/proposal-view';
import { renderPage as renderAnyPage } from '../pages/proposal';
import type { ErasedCounts, StoredData } from './queries';

/** Every page here may hold a form that posts back (see renderPage). */
const renderPage = (title: string, body: SafeHtml) => renderAnyPage(title, body, { forms: true });

const card = (body: SafeHtml) => html`<article class="proposal">${body}</article>`;

/** One page for every token this server did not make: GET and POST alike. */
export function invalidLinkPage(): string {
  return renderPage(
    'Enlace no válido',
    card(html`<h1>Enlace no válido</h1><p>Este enlace no existe o no es de este sitio. Usa el enlace tal como aparece al pie de nuestros correos.</p>`),
  );
}

/** A request on a valid link that this page cannot act on (a wrong body, another site's form). */
export function badRequestPage(message: string): string {
  return renderPage('Solicitud no válida', card(html`<h1>Solicitud no válida</h1><p>${message}</p>`));
}

/** GET /baja: who will stop writing to which address, and the button; or that it is done already. */
export function unsubscribePage(v: { company: string; email: string; unsubscribed: boolean; privacyUrl: string }): string {
  const body = v.unsubscribed
    ? html`<h1>Ya te has dado de baja</h1><p>No enviaremos más correos de ${v.company} a ${v.email}.</p>`
    : html`<h1>Darte de baja</h1>
<p>Si confirmas, ${v.company} no enviará más correos a ${v.email}, tampoco los que estén pendientes.</p>
<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button class="button" type="submit">Darme de baja</button></form>`;
  return renderPage('Darte de baja', card(html`${body}<p class="notice"><a href="${v.privacyUrl}">Ver o borrar mis datos</a></p>`));
}

/** After the unsubscribe. */
export function unsubscribedPage(v: { company: string; email: string; privacyUrl: string }): string {
  return renderPage(
    'Baja confirmada',
    card(html`<h1>Te hemos dado de baja</h1><p>${v.company} no enviará más correos a ${v.email}.</p>
<p class="notice"><a href="${v.privacyUrl}">Ver o borrar mis datos</a></p>`),
  );
}

const STATUS_ES: Record<string, string> = { pending: 'pendiente', sending: 'enviándose', sent: 'enviado', failed: 'no entregado', cancelled: 'cancelado' };
const when = (iso: string) => WORDING.es.date(iso);
const dash = (v: string | null | undefined) => v || '—';

function leadsSection(d: StoredData): SafeHtml {
  if (!d.leadSubmissions.length && !d.customers.length) return html``;
  return html`<h2>Tus datos de contacto</h2>
<table class="data"><thead><tr><th>Fecha</th><th>Nombre</th><th>Cargo</th><th>Empresa</th></tr></thead><tbody>
${d.leadSubmissions.map((s) => html`<tr><td>${when(s.created_at)}</td><td>${dash(s.name)}</td><td>${dash(s.cargo)}</td><td>${dash(s.company)}</td></tr>`)}
</tbody></table>
${d.customers.map((c) => (c.pag_web ? html`<p>Página web: ${c.pag_web}</p>` : ''))}`;
}

function conversationsSection(d: StoredData): SafeHtml {
  if (!d.conversations.length) return html``;
  return html`<h2>Tus conversaciones</h2>
${d.conversations.map(
  (c) => html`<section><h3>${when(c.created_at)}${c.duration !== null ? html` · ${c.duration} s` : ''}</h3>
${c.summary ? html`<p><strong>Resumen:</strong></p>${paragraphs(c.summary)}` : ''}
${c.transcript ? html`<p><strong>Transcripción:</strong></p><pre>${c.transcript}</pre>` : html`<p class="notice">Sin transcripción guardada.</p>`}
${c.recording_url ? html`<p class="notice">La plataforma de voz guarda una grabación de esta conversación.</p>` : ''}
<details><summary>Datos de la sesión</summary><pre>${JSON.stringify(c.initial_data, null, 2)}</pre></details>
</section>`,
)}`;
}

function mailSection(d: StoredData): SafeHtml {
  if (!d.emails.length && !d.proposals.length) return html``;
  return html`<h2>Correos y propuestas</h2>
<table class="data"><thead><tr><th>Fecha</th><th>Asunto</th><th>Estado</th></tr></thead><tbody>
${d.emails.map((m) => html`<tr><td>${when(m.created_at)}</td><td>${m.subject}</td><td>${STATUS_ES[m.status] ?? m.status}</td></tr>`)}
</tbody></table>
${d.proposals.length ? html`<p>Propuestas preparadas para ti: ${d.proposals.length} (cada una con su PDF, lo que nos contaste y, si la aceptaste, tu nombre y la fecha; caduca en la fecha que indica).</p>` : ''}`;
}

/** True when nothing but (perhaps) the unsubscribe is stored. */
export const isEmpty = (d: StoredData) =>
  !d.customers.length && !d.leadSubmissions.length && !d.calls.length && !d.conversations.length && !d.proposals.length && !d.emails.length && !d.emailLog.length;

const unsubscribeNote = (d: StoredData) =>
  d.unsubscribed
    ? html`<p class="notice">Te diste de baja: para no volver a escribirte guardamos solo una huella cifrada de tu dirección, de la que no se puede obtener la dirección.</p>`
    : '';

/** GET /privacidad: everything stored about the address and the erase button, or that nothing is stored. */
export function privacyPage(v: { company: string; data: StoredData; unsubscribeUrl: string }): string {
  const d = v.data;
  if (isEmpty(d)) {
    return renderPage(
      'Tus datos',
      card(html`<h1>Tus datos</h1><p>${v.company} no guarda ningún dato sobre ${d.email}.</p>${unsubscribeNote(d)}`),
    );
  }
  return renderPage(
    'Tus datos',
    card(html`<h1>Tus datos</h1>
<p>Esto es lo que ${v.company} guarda sobre ${d.email}. Lo usamos para preparar y enviarte la propuesta que pediste.</p>
${leadsSection(d)}
${conversationsSection(d)}
${mailSection(d)}
${unsubscribeNote(d)}
${d.unsubscribed ? '' : html`<p class="notice"><a href="${v.unsubscribeUrl}">Darme de baja</a></p>`}
<h2>Borrar tus datos</h2>
<p>Borra para siempre tus datos de contacto, tus conversaciones con sus transcripciones, tus propuestas y los correos que te hemos enviado o íbamos a enviarte.</p>
<form method="post"><button class="button button--danger" type="submit">Borrar mis datos</button></form>`),
  );
}

/** After the erasure: what went, and that an unsubscribe is kept only as a keyed hash. */
export function erasedPage(v: { company: string; email: string; erased: ErasedCounts; unsubscribed: boolean; platformAsked: boolean }): string {
  const e = v.erased;
  const items: [number, string][] = [
    [e.leadSubmissions, 'solicitudes'],
    [e.conversations, 'conversaciones'],
    [e.proposals, 'propuestas'],
    [e.emails + e.emailLog, 'registros de correo'],
  ];
  return renderPage(
    'Datos borrados',
    card(html`<h1>Hemos borrado tus datos</h1>
<p>${v.company} ya no guarda nada sobre ${v.email}.</p>
<ul>${items.filter(([n]) => n > 0).map(([n, label]) => html`<li>${n} ${label}</li>`)}</ul>
${e.conversations > 0
    ? v.platformAsked
      ? html`<p>La plataforma de voz guarda su propia copia de cada conversación: le hemos pedido que la borre y, si no responde ahora, se lo volvemos a pedir hasta que lo confirme.</p>`
      : html`<p>La plataforma de voz guarda su propia copia de cada conversación: su borrado queda pendiente y se le pedirá en cuanto este servidor pueda hacerlo.</p>`
    : ''}
${v.unsubscribed ? html`<p class="notice">Seguirás dado de baja: guardamos solo una huella cifrada de tu dirección, de la que no se puede obtener la dirección.</p>` : ''}`),
  );
}
