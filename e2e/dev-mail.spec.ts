// The local inbox (/dev/mail) of the product as `npm start` runs it, on a phone: the message is
// shown whole (nothing cut off on the right), its links use the URL the server prints at start,
// and they open, in a tab of their own, the page they name (inside the sandboxed frame the linked
// page's frame-ancestors would block it).
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { useDemoServer, type DemoServer } from './helpers/demo-server';
import { leadWithMail } from './helpers/leads';
import { screenshots } from './helpers/page';

const shot = screenshots(fileURLToPath(new URL('artifacts/dev-mail/', import.meta.url)));

let site: DemoServer;
useDemoServer((s) => (site = s));

// A phone's screen.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('on a phone the message fits, and its proposal link opens the proposal in a new tab', async ({ page, context }) => {
  const email = 'lucia.movil@example.com';
  const mail = await leadWithMail(site.url, email, 'Lucía');
  // The links name the address the server prints at start (its URL), not another name for it.
  const link = mail.link('propuesta');
  expect(link).toBe(`${site.url}/propuesta/${mail.callId}`);

  const csp: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) csp.push(m.text());
  });
  await page.goto(`${site.url}/dev/mail`);
  const message = page.locator('article', { hasText: email }).first();
  const frame = message.locator('iframe');
  await expect(frame).toBeVisible();
  const viewport = page.viewportSize()!;
  // The page does not scroll sideways, and the frame is within the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
  const frameBox = (await frame.boundingBox())!;
  expect(frameBox.x).toBeGreaterThanOrEqual(0);
  expect(frameBox.x + frameBox.width).toBeLessThanOrEqual(viewport.width);
  // Inside the frame, nothing of the message reaches past its right edge.
  const content = page.frameLocator(`article:has-text("${email}") iframe`).first();
  const anchor = content.locator(`a[href="${link}"]`).last();
  await expect(anchor).toBeVisible();
  for (const part of await content.locator('body *').all()) {
    const box = await part.boundingBox();
    if (box && box.width > 0) expect(box.x + box.width, await part.evaluate((el) => el.outerHTML.slice(0, 80))).toBeLessThanOrEqual(frameBox.x + frameBox.width + 0.5);
  }
  await shot(page, 'phone-inbox');

  // The link opens the proposal page in a new tab.
  await anchor.scrollIntoViewIfNeeded();
  const [opened] = await Promise.all([context.waitForEvent('page'), anchor.click()]);
  await opened.waitForLoadState();
  expect(opened.url()).toBe(link);
  await expect(opened.getByText('Hola, Lucía').first()).toBeVisible();
  await shot(opened, 'phone-proposal');
  expect(csp).toEqual([]);
});
