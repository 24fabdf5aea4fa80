// The proposal page, /propuesta/:callId. Server-rendered in the visitor's language from the stored document:
// pdf.content is the rendered (escaped) proposal, made once per version; the page wraps it with
// the acceptance step, which depends on the moment (open, accepted, expired). No inline scripts or
// styles: the stylesheets are served from this server so a strict CSP holds, the company's colour
// in a small stylesheet of its own.
import { createHash } from 'node:crypto';
import { html, raw, paragraphs, type SafeHtml } from '../html/escape';
import { textColorOn } from '../offer/color';
import type { ProposalDocument } from '../proposal/document';
import type { VisitorLocale } from '@helena/contract';
import { buyerLine, WORDING, wordingOf } from './proposal-view';

/** The pricing table: each line, then subtotal, tax and total for set-up and per month. */
function pricesTable(d: ProposalDocument): SafeHtml {
  const say = wordingOf(d);
  const row = (label: string, setup: number, monthly: number, cls: string) =>
    html`<tr class="${cls}"><th scope="row">${label}</th><td>${say.money(d, setup)}</td><td>${say.money(d, monthly)}</td></tr>`;
  return html`<table class="prices">
<caption class="visually-hidden">${say.PRICES_TITLE}</caption>
<thead><tr><th scope="col">${say.TABLE_HEAD.item}</th><th scope="col">${say.TABLE_HEAD.setup}</th><th scope="col">${say.TABLE_HEAD.monthly}</th></tr></thead>
<tbody>${d.lines.map(
    (l) => html`<tr><th scope="row"><span class="prices__item">${l.title}</span><span class="prices__desc">${l.description}</span></th><td>${say.money(d, l.setup)}</td><td>${say.money(d, l.monthly)}</td></tr>`,
  )}</tbody>
<tfoot>
${row(say.SUBTOTAL, d.totals.setup.net, d.totals.monthly.net, 'prices__sub')}
${row(say.taxLabel(d), d.totals.setup.tax, d.totals.monthly.tax, 'prices__tax')}
${row(say.TOTAL, d.totals.setup.gross, d.totals.monthly.gross, 'prices__total')}
</tfoot>
</table>`;
}

/** What the visitor said that chose each item, or the honest line when nothing did. */
function needsSection(d: ProposalDocument): SafeHtml {
  const say = wordingOf(d);
  const chosen = d.lines.filter((l) => l.because.length);
  return html`<section class="proposal__section" aria-labelledby="necesidades">
<h2 id="necesidades">${say.NEEDS_TITLE}</h2>
${d.business ? html`<p><strong>${say.BUSINESS_LABEL}:</strong> «${d.business}»</p>` : ''}
${
  d.matchedNeeds
    ? html`<ul class="proposal__needs">${chosen.map((l) => html`<li><strong>${l.title}.</strong> ${say.becauseLine(l)}</li>`)}</ul>`
    : html`<p>${say.noMatchLine(d)}</p>`
}
</section>`;
}

/** The proposal itself: what pdf.content stores for one version of the document. */
export function renderProposalContent(d: ProposalDocument): string {
  const say = wordingOf(d);
  const accepted = say.acceptedByLine(d);
  return html`<article class="proposal" lang="${say.tag}">
<header class="proposal__header">
<p class="proposal__eyebrow">${say.from(d)}</p>
<h1>${say.greeting(d)}</h1>
<p class="proposal__lead">${say.leadLine(d)}</p>
<dl class="proposal__meta">
${buyerLine(d) ? html`<div><dt>${say.FOR}</dt><dd>${buyerLine(d)}</dd></div>` : ''}
<div><dt>${say.DATE}</dt><dd>${say.date(d.issuedAt)}</dd></div>
<div><dt>${say.VALID_UNTIL}</dt><dd>${say.date(d.expiresAt)}</dd></div>
</dl>
${accepted ? html`<p class="proposal__accepted" role="status">${accepted}</p>` : ''}
</header>
${needsSection(d)}
<section class="proposal__section" aria-labelledby="resumen">
<h2 id="resumen">${say.SUMMARY_TITLE}</h2>
${d.summary ? paragraphs(d.summary) : html`<p>${say.summaryFallback(d)}</p>`}
</section>
<section class="proposal__section" aria-labelledby="precios">
<h2 id="precios">${say.pricesFor(d)}</h2>
${pricesTable(d)}
<p class="notice">${say.pricesIn(d)} ${say.validityLine(d)}</p>
${d.closing ? html`<p>${d.closing}</p>` : ''}
</section>
<footer class="proposal__seller">
<p><strong>${d.seller.name}</strong> · ${d.seller.address} · ${say.TAX_ID} ${d.seller.taxId} · <a href="mailto:${d.seller.email}">${d.seller.email}</a></p>
</footer>
</article>`.value;
}

/** Where the acceptance form posts. */
export const acceptPath = (callId: string) => `/propuesta/${callId}/aceptar`;
export const pdfPath = (callId: string) => `/propuesta/${callId}.pdf`;

export type AcceptanceState =
  | { kind: 'open'; callId: string; name: string | null; error?: string }
  | { kind: 'accepted'; at: string };

/**
 * The step under the proposal: the form while it can be accepted, or when it was. An expired
 * proposal that was never accepted has a page of its own (`renderExpiredPage`), not this one.
 */
function acceptanceSection(state: AcceptanceState, callId: string, hasPdf: boolean, locale: VisitorLocale): SafeHtml {
  const say = WORDING[locale];
  const download = hasPdf ? html`<p><a class="button button--ghost" href="${pdfPath(callId)}" download>${say.DOWNLOAD_PDF}</a></p>` : '';
  if (state.kind === 'accepted') {
    return html`<section class="proposal__cta" aria-labelledby="aceptar"><h2 id="aceptar">${say.acceptedLine(state.at)}</h2><p>${say.ACCEPTED_THANKS}</p>${download}</section>`;
  }
  return html`<section class="proposal__cta" aria-labelledby="aceptar">
<h2 id="aceptar">${say.FITS}</h2>
${download}
<form method="post" action="${acceptPath(state.callId)}" class="accept">
${state.error ? html`<p class="form-error" role="alert" id="accept-error">${state.error}</p>` : ''}
<label for="accept-name">${say.FULL_NAME}</label>
<input id="accept-name" name="name" type="text" autocomplete="name" required maxlength="120" value="${state.name ?? ''}"${state.error ? raw(' aria-describedby="accept-error"') : ''}>
<label class="check"><input type="checkbox" name="confirm" value="1" required> ${say.CONFIRM}</label>
<button type="submit" class="button">${say.ACCEPT}</button>
</form>
</section>`;
}

/** The page around a version's stored content, in the proposal's language (`locale`). */
export function renderProposalPage(content: string, state: AcceptanceState, opts: { callId: string; hasPdf: boolean; brandCss: string; locale: VisitorLocale }): string {
  return renderPage(WORDING[opts.locale].PAGE_TITLE, html`${raw(content)}${acceptanceSection(state, opts.callId, opts.hasPdf, opts.locale)}`, {
    forms: state.kind === 'open',
    extraCss: opts.brandCss,
    lang: opts.locale,
  });
}

export function renderNotFoundPage(): string {
  return renderPage(
    'Propuesta no disponible',
    html`<article class="proposal"><h1>Propuesta no disponible</h1><p>Este enlace no existe o ha caducado. Si necesitas una nueva propuesta, vuelve a hablar con nuestro asistente.</p></article>`,
  );
}

/** A proposal past its date that nobody accepted: not shown, and the visitor is told why, in their language. */
export function renderExpiredPage(expiresAt: string, locale: VisitorLocale): string {
  const say = WORDING[locale];
  return renderPage(say.UNAVAILABLE, html`<article class="proposal"><h1>${say.UNAVAILABLE}</h1><p>${say.expiredLine(expiresAt)}</p></article>`, { lang: locale });
}

/** The company's colour as a stylesheet of its own, with a text colour that stays readable on it. */
export function brandStylesheet(color: string): { path: string; css: string } {
  const css = `:root{--accent:${color};--on-accent:${textColorOn(color)}}\n`;
  return { path: `/assets/marca-${createHash('sha256').update(css).digest('hex').slice(0, 12)}.css`, css };
}

/**
 * A whole page of this server in the proposal's style: `body` inside <main>, the shared
 * stylesheet, noindex. `forms`: the page posts forms back here, so its referrer policy lets the
 * browser name this origin on them (with no-referrer, a form POST says `Origin: null`).
 */
export function renderPage(title: string, body: SafeHtml, opts: { forms?: boolean; extraCss?: string; lang?: string } = {}): string {
  return html`<!doctype html>
<html lang="${opts.lang ?? 'es'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="${opts.forms ? 'same-origin' : 'no-referrer'}">
<title>${title}</title>
<link rel="stylesheet" href="${PROPOSAL_CSS_PATH}">
${opts.extraCss ? html`<link rel="stylesheet" href="${opts.extraCss}">` : ''}
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
.button{display:inline-block;background:var(--accent);color:var(--on-accent,#fff);text-decoration:none;padding:12px 20px;border-radius:10px;font-weight:600}
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
.proposal__meta{display:flex;flex-wrap:wrap;gap:8px 32px;margin:16px 0 0;font-size:14px}
.proposal__meta dt{color:var(--muted)}
.proposal__meta dd{margin:0;font-weight:600}
.proposal__accepted{margin:16px 0 0;padding:12px 16px;border-radius:10px;background:#ecfdf5;color:#065f46;font-weight:600}
.proposal__needs{padding-left:20px}
.proposal__needs li{margin:8px 0}
.prices{width:100%;border-collapse:collapse;font-size:15px}
.prices th,.prices td{padding:10px 8px;border-bottom:1px solid #e5e7eb;text-align:left;vertical-align:top}
.prices td{text-align:right;white-space:nowrap}
.prices thead th{font-size:13px;color:var(--muted);font-weight:600}
.prices thead th+th{text-align:right}
.prices__item{display:block;font-weight:600}
.prices__desc{display:block;font-weight:400;color:var(--muted);font-size:14px}
.prices tfoot th{font-weight:400}
.prices__total th,.prices__total td{font-weight:700;border-bottom:0;border-top:2px solid var(--ink)}
.proposal__seller{margin-top:32px;font-size:13px;color:var(--muted)}
.button--ghost{background:transparent;color:var(--accent);border:2px solid var(--accent)}
.accept label{display:block;margin:12px 0 4px}
.accept input[type=text]{width:100%;max-width:420px;padding:10px 12px;border:1px solid #cbd5e1;border-radius:8px;font:inherit}
.accept .check{display:flex;gap:8px;align-items:flex-start}
.form-error{color:#b91c1c;font-weight:600}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
@media (max-width:560px){.proposal{padding:20px}.prices{font-size:14px}.prices th,.prices td{padding:8px 4px}}
`;

/** Content-addressed, so it can be cached for a year. */
export const PROPOSAL_CSS_PATH = `/assets/propuesta-${createHash('sha256').update(PROPOSAL_CSS).digest('hex').slice(0, 12)}.css`;
