import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from '../src/config';
import { textOf } from '@helena/contract';
import { escapeHtml, html, raw } from '../src/html/escape';
import { isHashedName } from '../src/http/static';

describe('config', () => {
  it('defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      PORT: 3000,
      DATABASE_PATH: './data/helena.db',
      RATE_LIMIT_PER_MINUTE: 60,
      STRICT_RATE_LIMIT_PER_MINUTE: 10,
      PUBLIC_URL: 'http://127.0.0.1:3000',
      ALLOWED_ORIGINS: ['http://127.0.0.1:3000'],
      NODE_ENV: 'production',
    });
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.EMAIL_API_KEY).toBeUndefined();
  });

  it('PUBLIC_URL is always an allowed origin; blank values count as unset', () => {
    const c = loadConfig({ PUBLIC_URL: 'https://leads.example.com/', ALLOWED_ORIGINS: 'https://www.example.com, https://shop.example.com/', EMAIL_API_KEY: '' });
    expect(c.PUBLIC_URL).toBe('https://leads.example.com');
    expect(c.ALLOWED_ORIGINS).toEqual(['https://leads.example.com', 'https://www.example.com', 'https://shop.example.com']);
    expect(c.EMAIL_API_KEY).toBeUndefined();
  });

  it('bad values are all reported, with clear messages and no secret echoed', () => {
    let err: unknown;
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', RATE_LIMIT_PER_MINUTE: '0', ALLOWED_ORIGINS: 'not a url', EMAIL_API_KEY: 'short', PUBLIC_URL: 'ftp://x' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    const msg = (err as Error).message;
    for (const key of ['PORT', 'DATABASE_URL', 'RATE_LIMIT_PER_MINUTE', 'ALLOWED_ORIGINS', 'EMAIL_API_KEY', 'PUBLIC_URL']) expect(msg).toContain(key);
    expect(msg).toContain('postgres://');
    expect(msg).not.toContain('short');
    expect(msg).not.toContain('mysql');
  });

  it('a too short VAPI_WEBHOOK_SECRET is reported without echoing it', () => {
    expect(() => loadConfig({ VAPI_WEBHOOK_SECRET: 'tiny-secret' })).toThrow(ConfigError);
    try {
      loadConfig({ VAPI_WEBHOOK_SECRET: 'tiny-secret' });
    } catch (e) {
      expect((e as Error).message).toContain('VAPI_WEBHOOK_SECRET');
      expect((e as Error).message).not.toContain('tiny-secret');
    }
  });

  it('the server refuses to start on a bad value: a message, exit 1, no stack trace', () => {
    const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));
    const r = spawnSync(process.execPath, ['--import', 'tsx', main], {
      env: { ...process.env, PORT: 'not-a-port', LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('Invalid configuration');
    expect(r.stderr).toContain('PORT');
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('escape', () => {
  it('escapes every interpolation except trusted markup', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&\``)).toBe('&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&#96;');
    const name = '<script>alert(1)</script>';
    expect(html`<p>${name}</p>`.value).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>');
    expect(html`<ul>${['<a>', raw('<li>ok</li>')]}</ul>`.value).toBe('<ul>&lt;a&gt;<li>ok</li></ul>');
    expect(html`${null}${undefined}${false}${0}`.value).toBe('0');
  });

  it('prints any value as text, never [object Object]', () => {
    expect([textOf('a'), textOf(7), textOf(true), textOf(10n), textOf(null), textOf(undefined)]).toEqual(['a', '7', 'true', '10', '', '']);
    expect(escapeHtml({ to: '<x>' })).toBe('{&quot;to&quot;:&quot;&lt;x&gt;&quot;}');
  });
});

describe('static cache policy', () => {
  it('recognises hashed file names', () => {
    expect(isHashedName('chunk-3F9A2B1C.js')).toBe(true);
    expect(isHashedName('index.3f9a2b1c.css')).toBe(true);
    expect(isHashedName('ui-DGJEQPRK.js')).toBe(true);
    expect(isHashedName('helena-assistant.js')).toBe(false);
    expect(isHashedName('site.css')).toBe(false);
    expect(isHashedName('index.html')).toBe(false);
  });
});
