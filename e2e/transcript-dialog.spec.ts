// The transcript dialog of a long conversation, on the demo site in Chromium at a desktop's size:
// it opens with its title 'Transcripción del Chat con Helena' in full view, the latest message
// in view at once, and 'Cerrar Vista' at hand; the list scrolls, by keyboard too.
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { useDemoServer, type DemoServer } from './helpers/demo-server';
import { axeSeriousOrCritical, screenshots } from './helpers/page';

const shot = screenshots(fileURLToPath(new URL('artifacts/transcript-dialog/', import.meta.url)));

let site: DemoServer;
useDemoServer((s) => (site = s));

test.use({ viewport: { width: 1280, height: 720 } });

const widget = (page: Page) => page.locator('helena-assistant');

/** `inner` lies wholly inside `outer`'s box (and so is not cut off by it). */
async function within(inner: Locator, outer: Locator): Promise<boolean> {
  const [a, b] = [await inner.boundingBox(), await outer.boundingBox()];
  if (!a || !b) return false;
  return a.y >= b.y - 0.5 && a.y + a.height <= b.y + b.height + 0.5 && a.x >= b.x - 0.5 && a.x + a.width <= b.x + b.width + 0.5;
}

test('a long conversation: the title, the latest message and the close button are in view when the dialog opens', async ({ page }) => {
  await page.goto(site.url + '/');
  // Text only, so that the conversation is quick to make.
  await widget(page).evaluate((el) => el.setAttribute('mode', 'chat'));
  await widget(page).getByRole('button', { name: 'Hablar con Helena' }).click();
  const lines = ['Hola', '¿Qué hacéis?', 'Tengo una tienda de ropa en Bilbao', '¿Cuánto cuesta?', '¿Funciona en WhatsApp?', '¿En qué idiomas habla?', '¿Se integra con mi CRM?', '¿Cuánto tarda en estar listo?'];
  const answers = widget(page).locator('li.bot[data-final="true"]');
  for (const [i, line] of lines.entries()) {
    await widget(page).getByRole('textbox', { name: 'Escribe tu mensaje' }).fill(line);
    await widget(page).getByRole('button', { name: 'Enviar', exact: true }).click();
    await expect(answers).toHaveCount(i + 1, { timeout: 15_000 });
  }
  const latest = (await answers.last().textContent()) ?? '';

  await widget(page).getByRole('button', { name: 'Ver Transcripción' }).click();
  const dialog = widget(page).getByRole('dialog', { name: 'Transcripción del Chat con Helena' });
  await expect(dialog).toBeVisible();
  const list = dialog.getByRole('list');
  // The conversation is longer than the dialog: the list scrolls.
  expect(await list.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
  const viewport = page.locator('html');
  const title = dialog.getByRole('heading', { name: 'Transcripción del Chat con Helena' });
  expect(await within(title, dialog)).toBe(true);
  expect(await within(dialog, viewport)).toBe(true);
  const last = list.getByRole('listitem').last();
  await expect(last).toContainText(latest.replace(/^Helena:?\s*/, '').slice(0, 40));
  expect(await within(last, list)).toBe(true);
  const close = dialog.getByRole('button', { name: 'Cerrar Vista' });
  expect(await within(close, dialog)).toBe(true);
  await expect(close).toBeFocused();
  await shot(page, 'desktop-open');

  // The keyboard reaches the list and scrolls it back to the first message.
  await page.keyboard.press('Shift+Tab');
  await expect(list).toBeFocused();
  await page.keyboard.press('Home');
  await expect.poll(() => list.evaluate((el) => el.scrollTop)).toBe(0);
  expect(await within(list.getByRole('listitem').first(), list)).toBe(true);
  expect(await within(title, dialog)).toBe(true);
  expect(await axeSeriousOrCritical(page, 'helena-assistant')).toEqual([]);
  await close.click();
  await expect(dialog).toBeHidden();
});
