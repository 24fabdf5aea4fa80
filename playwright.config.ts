import { defineConfig } from '@playwright/test';

// Debian's Chromium only: this machine has no network to download a browser build.
export default defineConfig({
  testDir: './e2e',
  outputDir: './e2e/artifacts',
  timeout: 60_000,
  // One worker is what two cores hold: a worker's Chromium (its software compositor alone about a
  // third of a core, its renderer more) and its demo server keep the load near 3.5 already. Two
  // workers took 6.6 min for the suite against 7.7 min for one, at a load near 11, each test
  // taking twice as long: no gain worth the timing risk.
  fullyParallel: false,
  workers: 1,
  reporter: [['list']],
  use: {
    headless: true,
    screenshot: 'on',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
        '--disable-gpu',
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
      ],
    },
  },
});
