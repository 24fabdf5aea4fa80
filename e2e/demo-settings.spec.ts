// The demo site's settings ('Ajustes de la demo'), in Chromium under the site's strict CSP: with
// the keyboard alone a reviewer picks the assistant's locale, theme, position and consent, and the
// page comes back with the element set so (the choice is in the query: /?locale=en&…, which can
// be shared). With locale=en the demo assistant answers in English too.
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_LINES_EN } from '@helena/contract';
import { useDemoServer, type DemoServer } from './helpers/demo-server';
import { axeSeriousOrCritical, screenshots } from './helpers/page';

const shot = screenshots(fileURLToPath(new URL('artifacts/demo-settings/', import.meta.url)));

let site: DemoServer;
useDemoServer((s) => (site = s));

const widget = (page: Page) => page.locator('helena-assistant');
const attributes = (page: Page) =>
  widget(page).evaluate((el) => Object.fromEntries(['locale', 'theme', 'position', 'consent'].map((name) => [name, el.getAttribute(name)])));

/** Opens `path`, recording the CSP violations the page reports. */
async function open(page: Page, path: string): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  await page.goto(site.url + path);
  return violations;
}

test('with the keyboard alone: English, dark, on the left, with the consent step; the assistant then speaks English', async ({ page }) => {
  const csp = await open(page, '/');
  expect(await attributes(page)).toEqual({ locale: 'es', theme: null, position: null, consent: null });
  await page.getByText('Ajustes de la demo').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('combobox', { name: 'Idioma' })).toBeVisible();
  expect(await axeSeriousOrCritical(page, 'details.demo-settings')).toEqual([]);
  // Each select in turn: Tab to it, pick with the arrow keys.
  const pick = async (label: string, downs: number) => {
    await page.keyboard.press('Tab');
    await expect(page.getByRole('combobox', { name: label })).toBeFocused();
    for (let i = 0; i < downs; i++) await page.keyboard.press('ArrowDown');
  };
  await pick('Idioma', 1);
  await pick('Tema', 1);
  await pick('Posición', 1);
  await pick('Consentimiento', 1);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Aplicar' })).toBeFocused();
  await page.keyboard.press('Enter');
  await page.waitForURL(/\?/);
  expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ locale: 'en', theme: 'dark', position: 'bottom-left', consent: 'required' });
  expect(await attributes(page)).toEqual({ locale: 'en', theme: 'dark', position: 'bottom-left', consent: 'required' });
  // The form shows what is set.
  await expect(page.locator('select[name="locale"]')).toHaveValue('en');
  await expect(page.locator('select[name="consent"]')).toHaveValue('required');

  // The element follows: English, on the left, asking for consent first.
  const launcher = widget(page).getByRole('button', { name: 'Talk to Helena' });
  await expect(launcher).toBeVisible();
  const box = (await launcher.boundingBox())!;
  expect(box.x + box.width / 2).toBeLessThan(page.viewportSize()!.width / 2);
  await widget(page).evaluate((el) => el.setAttribute('mode', 'chat'));
  await launcher.click();
  await expect(widget(page).getByText('Before we start')).toBeVisible();
  await widget(page).getByRole('button', { name: 'Accept' }).click();
  await widget(page).getByRole('textbox', { name: 'Type your message' }).fill('Hello, what do you do?');
  await widget(page).getByRole('button', { name: 'Send', exact: true }).click();
  // The demo assistant answers in the element's language.
  await expect(widget(page).locator('li.bot[data-final="true"]').last()).toContainText(DEMO_LINES_EN.whatWeDo, { timeout: 15_000 });
  await shot(page, 'english-dark-left');
  expect(csp).toEqual([]);
});

test('values the form does not offer are ignored; "Restablecer" goes back to the page as served', async ({ page }) => {
  await open(page, '/?theme=%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E&position=top-left&locale=en&mode=voice');
  expect(await attributes(page)).toEqual({ locale: 'en', theme: null, position: null, consent: null });
  expect(await widget(page).getAttribute('mode')).toBeNull();
  await expect(page.locator('select[name="theme"]')).toHaveValue('light');
  await page.getByText('Ajustes de la demo').click();
  await page.getByRole('link', { name: 'Restablecer' }).click();
  await page.waitForURL(site.url + '/');
  expect(await attributes(page)).toEqual({ locale: 'es', theme: null, position: null, consent: null });
});
