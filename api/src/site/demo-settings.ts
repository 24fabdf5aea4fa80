// The demo site's settings form (`<form id="demo-settings">` in its index.html): each select
// names an attribute of the page's `<helena-assistant>`, its options are the values a reviewer
// may pick. A GET of the home page with those query parameters (`/?locale=en&theme=dark`) renders
// the element with them and the form with them selected: no script, so it works under the site's
// strict CSP, and the page stays the one place that says what can be tried.
import { z } from 'zod';
import { escapeHtml } from '../html/escape';

const FORM_RE = /<form\b[^>]*\bid="demo-settings"[^>]*>[\s\S]*?<\/form>/;
const SELECT_RE = /<select\b[^>]*\bname="([a-z][a-z-]*)"[^>]*>[\s\S]*?<\/select>/g;
const OPTION_RE = /<option\b[^>]*\bvalue="([^"]*)"/g;
const ELEMENT_RE = /<helena-assistant\b([^>]*)>/;

/** The attributes the page's settings form sets, each with the values its options offer. */
export function settingsOffered(page: string): Map<string, string[]> {
  const form = FORM_RE.exec(page)?.[0] ?? '';
  return new Map([...form.matchAll(SELECT_RE)].map((select) => [select[1]!, [...select[0].matchAll(OPTION_RE)].map((o) => o[1]!)]));
}

/** The query's settings the form offers; any other parameter, or value, is ignored. */
export function settingsSchema(offered: Map<string, string[]>) {
  return z.object(
    Object.fromEntries(
      [...offered].map(([name, values]) => [name, z.string().refine((v) => values.includes(v)).optional().catch(undefined)]),
    ),
  );
}

/** `page` with the element's attributes and the form's selected options set from `settings` ('' removes the attribute). */
export function withSettings(page: string, settings: Record<string, string | undefined>): string {
  let out = page;
  for (const [name, value] of Object.entries(settings)) {
    if (value === undefined) continue;
    const attribute = new RegExp(`\\s${name}="[^"]*"`, 'g');
    out = out.replace(ELEMENT_RE, (_m, attrs: string) => `<helena-assistant${attrs.replace(attribute, '')}${value ? ` ${name}="${escapeHtml(value)}"` : ''}>`);
    out = out.replace(FORM_RE, (form) =>
      form.replace(new RegExp(`<select\\b[^>]*\\bname="${name}"[^>]*>[\\s\\S]*?</select>`), (select) =>
        select.replace(/\sselected(="[^"]*")?/g, '').replace(new RegExp(`(<option\\b[^>]*\\bvalue="${value.replace(/[^\w-]/g, '\\$&')}")`), '$1 selected'),
      ),
    );
  }
  return out;
}
