// What a page did that a visitor's privacy depends on: every request it made (method, path and
// whether it went to the page's own static files) and every microphone request (`getUserMedia`),
// counted from the page's first script on.
import type { Page } from '@playwright/test';

export interface PageActivity {
  /** `METHOD pathname` (with the origin when it is not the site's) of every request, in order. */
  requests: string[];
  /** The requests that are not a GET of the site's own static files (the page, CSS, icons, the widget's chunks). */
  outbound(): string[];
  /** How many times the page asked for the microphone. */
  microphone(): Promise<number>;
}

const STATIC = /^GET (\/|\/site\.css|\/favicon\.svg|\/helena-assistant\.js|\/chunks\/[\w.-]+\.js)$/;

/** Counts the page's microphone requests (`getUserMedia`) from its first script on, in `window.microphoneRequests`. */
export async function countMicrophoneRequests(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { microphoneRequests: number };
    w.microphoneRequests = 0;
    const devices = navigator.mediaDevices as MediaDevices | undefined;
    if (!devices) return;
    const original = devices.getUserMedia?.bind(devices);
    devices.getUserMedia = (constraints) => {
      w.microphoneRequests++;
      return original ? original(constraints) : Promise.reject(new Error('no microphone'));
    };
  });
}

/** Starts recording before the first navigation of `page` to `siteUrl`. */
export async function recordActivity(page: Page, siteUrl: string): Promise<PageActivity> {
  const origin = new URL(siteUrl).origin;
  const requests: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    requests.push(`${r.method()} ${url.origin === origin ? '' : url.origin}${url.pathname}`);
  });
  await countMicrophoneRequests(page);
  return {
    requests,
    outbound: () => requests.filter((r) => !STATIC.test(r)),
    microphone: () => page.evaluate(() => (window as unknown as { microphoneRequests: number }).microphoneRequests),
  };
}
