/**
 * One `<helena-assistant-ui>` per test, with the voice platform and the lead server as doubles
 * and everything else real (store, React, shadow root). Importing this module registers the
 * hooks; `voice`, `api` and `el` are live bindings, fresh in every test.
 */
import { within } from '@testing-library/dom';
import { afterEach, beforeAll, beforeEach } from 'vitest';
import * as callModule from '../../src/store/call';
import * as sessionModule from '../../src/session';
import { setStoreDeps, type HelenaAssistantUIElement } from '../../src/ui/element';
import { FakeApi, FakeVoice, MemoryStorage } from './doubles';

export let voice: FakeVoice;
export let api: FakeApi;
export let el: HelenaAssistantUIElement;

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});

beforeEach(() => {
  history.replaceState(null, '', '/');
  voice = new FakeVoice();
  api = new FakeApi();
  setStoreDeps({
    loadVoice: async () => voice,
    loadApi: async () => api,
    loadCall: async () => callModule,
    loadSession: async () => sessionModule,
    storage: new MemoryStorage(),
    tabStorage: new MemoryStorage(),
    log: () => {},
  });
});

afterEach(() => {
  el?.remove();
  document.body.innerHTML = '';
});

/**
 * Adds the element (company 'Acme AI', an unreachable API, the default mode: the button starts a
 * call) with `attrs`; queries its shadow root.
 */
export function mount(attrs: Record<string, string> = {}) {
  el = document.createElement('helena-assistant-ui') as HelenaAssistantUIElement;
  el.setAttribute('company', 'Acme AI');
  el.setAttribute('api-url', 'http://127.0.0.1:9');
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  document.body.append(el);
  return within(el.shadowRoot as unknown as HTMLElement);
}
