// The proposal page, /propuesta/:callId. Server-rendered in Spanish from the pdf row: the
// stored content is the rendered (escaped) proposal; the page wraps it. No inline scripts or
// styles: the stylesheet is served at PROPOSAL_CSS_PATH so a strict CSP holds.
import { createHash } from 'node:crypto';
import { html, raw, paragraphs, type SafeHtml } from '../html/escape';
import { OFFER, forCompany, formatDateEs, greeting, roleLine, type ProposalView } from './proposal-view';


/** The proposal itself: what pdf.content stores. */
export function renderProposalContent(v: ProposalView): string {
  const role = roleLine(v);
  return html`<article class="proposal">
<header class="proposal__header">
<p class="proposal__eyebrow">Propuesta personalizada de ${v.ourCompany}</p>
<h1>${greeting(v)}</h1>
<p class="proposal__lead">Esta es la propuesta que preparamos para ${forCompany(v)} después de tu conversación con ${v.assistantName}.</p>
${v.company ? html`<p class="proposal__company"><span>Empresa</span> ${v.company}</p>` : ''}
</header>
<section class="proposal__section" aria-labelledby="resumen">
<h2 id="resumen">Resumen de la conversación</h2>
${v.summary ? paragraphs(v.summary) : html`<p>Hablaste con ${v.assistantName} sobre cómo atender mejor a los visitantes de tu web.</p>`}
</section>
<section class="proposal__section" aria-labelledby="oferta">
<h2 id="oferta">Nuestra propuesta: ${OFFER.title}</h2>
${role ? html`<p>${role}</p>` : ''}
<ul class="proposal__points">${OFFER.points.map((p) => html`<li>${p}</li>`)}</ul>
<p>${OFFER.closing}</p>
</section>
<section class="proposal__cta" aria-labelledby="siguiente">
<h2 id="siguiente">¿Empezamos?</h2>
<p>Responde al correo con el que te enviamos esta propuesta y te llamamos cuando mejor te venga.</p>
<p><a class="button" href="mailto:${v.contactEmail}?subject=${encodeURIComponent('Quiero empezar' + (v.company ? ' — ' + v.company : ''))}">Quiero empezar</a></p>
<p class="proposal__expiry">Esta propuesta está disponible hasta el ${formatDateEs(v.expiresAt)}.</p>
</section>
</article>`.value;
}


export function renderProposalPage(content: string, opts: { title: string }): string {
  return renderPage(opts.title, raw(content));
}

export function renderNotFoundPage(): string {
  return renderPage(
    'Propuesta no disponible',
    html`<article class="proposal"><h1>Propuesta no disponible</h1><p>Este enlace no existe o ha caducado. Si necesitas una nueva propuesta, vuelve a hablar con nuestro asistente.</p></article>`,
  );
}

/**
 * A whole page of this server in the proposal's style: `body` inside <main>, the shared
 * stylesheet, noindex. `forms`: the page posts forms back here, so its referrer policy lets the
 * browser name this origin on them (with no-referrer, a form POST says `Origin: null`).
 */
export function renderPage(title: string, body: SafeHtml, opts: { forms?: boolean } = {}): string {
  return html`<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="${opts.forms ? 'same-origin' : 'no-referrer'}">
<title>${title}</title>
<link rel="stylesheet" href="${PROPOSAL_CSS_PATH}">
<link rel="icon" href="data:,">
</head>
<body>
<main>${body}</main>
</body>
</html>`.value;
}

export const PROPOSAL_CSS = `:root{color-scheme:light;--ink:#1f2d3d;--muted:#5b6b7c;--accent:#4f46e5;--bg:#f6f7fb;--card:#fff}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--ink);font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:720px;margin:0 auto;padding:32px 16px}
.proposal{background:var(--card);border-radius:16px;padding:32px;box-shadow:0 1px 3px rgba(0,0,0,.08)}
.proposal__eyebrow{margin:0;color:var(--accent);font-weight:600;text-transform:uppercase;letter-spacing:.04em;font-size:13px}
h1{margin:8px 0 12px;font-size:32px;line-height:1.2}
h2{font-size:20px;margin:32px 0 8px}
.proposal__lead{font-size:18px;color:var(--muted)}
.proposal__company span{display:inline-block;min-width:80px;color:var(--muted)}
.proposal__points{padding-left:20px}
.proposal__points li{margin:6px 0}
.proposal__cta{margin-top:32px;padding-top:8px;border-top:1px solid #e5e7eb}
.button{display:inline-block;background:var(--accent);color:#fff;text-decoration:none;padding:12px 20px;border-radius:10px;font-weight:600}
.button:focus-visible{outline:3px solid #a5b4fc;outline-offset:2px}
.proposal__expiry{font-size:14px;color:var(--muted)}
.notice{color:var(--muted);font-size:14px}
.data{width:100%;border-collapse:collapse;margin:8px 0 16px;font-size:15px}
.data th,.data td{text-align:left;vertical-align:top;padding:6px 8px;border-bottom:1px solid #e5e7eb}
form{margin:24px 0 0}
button.button{border:0;cursor:pointer;font:inherit}
button.button--danger{background:#b91c1c}
.mail-frame{width:100%;height:480px;border:1px solid #e5e7eb;border-radius:8px;background:#fff}
pre{white-space:pre-wrap}
`;

/** Content-addressed, so it can be cached for a year. */
export const PROPOSAL_CSS_PATH = `/assets/propuesta-${createHash('sha256').update(PROPOSAL_CSS).digest('hex').slice(0, 12)}.css`;
