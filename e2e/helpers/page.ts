// What several browser specs ask of a page: screenshots kept as artifacts, the element that
// really has focus, and axe's serious and critical findings.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * A screenshot function writing `{step}.png` into `dir`. Written synchronously right after the
 * directory is made: any Playwright run empties e2e/artifacts when it starts, and other specs may
 * run on this machine at the same time.
 */
export function screenshots(dir: string) {
  return async (page: Page, step: string): Promise<void> => {
    const png = await page.screenshot();
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `${step}.png`), png);
  };
}

/** The element focused, through the shadow roots: its aria-label, or else its text. */
export const focusedLabel = (page: Page): Promise<string> =>
  page.evaluate(() => {
    let a: Element | null = document.activeElement;
    while (a?.shadowRoot?.activeElement) a = a.shadowRoot.activeElement;
    return a?.getAttribute('aria-label') ?? a?.textContent?.trim() ?? '';
  });

/** axe's serious and critical violations, on the whole page or only inside `scope` (a selector). */
export async function axeSeriousOrCritical(page: Page, scope?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  const results = await (scope ? builder.include(scope) : builder).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
