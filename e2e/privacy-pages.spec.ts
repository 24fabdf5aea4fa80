// The links at the foot of every visitor email, in Chromium against the product as `npm start`
// runs it: the unsubscribe page and the 'see or erase my data' page, used with the keyboard
// alone, under their strict CSP (no script; forms post back to this server), without serious axe
// findings. The links are read from the email the local Postmark sink received.
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { startDemoServer, type DemoServer } from './helpers/demo-server';
import { leadWithMail as lead } from './helpers/leads';
import { axeSeriousOrCritical, screenshots } from './helpers/page';

const shot = screenshots(fileURLToPath(new URL('artifacts/privacy-pages/', import.meta.url)));

let site: DemoServer;
test.beforeAll(async () => {
  site = await startDemoServer();
});
test.afterAll(async () => {
  await site?.close();
});

/** A lead whose confirmation email arrived: the links at its foot. */
async function leadWithMail(email: string, name: string) {
  const mail = await lead(site.url, email, name);
  return { unsubscribe: mail.link('baja'), privacy: mail.link('privacidad') };
}

/** Opens `url` and collects the CSP violations the page reports. */
async function open(page: Page, url: string): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  await page.goto(url);
  return violations;
}

test('the unsubscribe link: the page asks, the button (by keyboard) unsubscribes', async ({ page }) => {
  const links = await leadWithMail('rosa.baja@example.com', 'Rosa');
  expect(links.unsubscribe).not.toBe('');
  const violations = await open(page, links.unsubscribe);
  await expect(page.getByRole('heading', { name: 'Darte de baja' })).toBeVisible();
  await expect(page.getByText('rosa.baja@example.com')).toBeVisible();
  expect(await axeSeriousOrCritical(page)).toEqual([]);
  await shot(page, '1-baja');
  const button = page.getByRole('button', { name: 'Darme de baja' });
  while (!(await button.evaluate((b) => b === document.activeElement))) await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Te hemos dado de baja' })).toBeVisible();
  await shot(page, '2-baja-hecha');
  await page.goto(links.unsubscribe);
  await expect(page.getByRole('heading', { name: 'Ya te has dado de baja' })).toBeVisible();
  expect(violations).toEqual([]);
});

test('the data link: the page shows what is stored; "Borrar mis datos" erases it', async ({ page }) => {
  const links = await leadWithMail('tomas.datos@example.com', 'Tomás <Datos>');
  const violations = await open(page, links.privacy);
  await expect(page.getByRole('heading', { name: 'Tus datos', level: 1 })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Tomás <Datos>' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Floristería Pétalo' })).toBeVisible();
  expect(await axeSeriousOrCritical(page)).toEqual([]);
  await shot(page, '3-privacidad');
  await page.getByRole('button', { name: 'Borrar mis datos' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Hemos borrado tus datos' })).toBeVisible();
  await shot(page, '4-borrado');
  await page.goto(links.privacy);
  await expect(page.getByText('no guarda ningún dato sobre tomas.datos@example.com')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Borrar mis datos' })).toHaveCount(0);
  expect(violations).toEqual([]);
});
