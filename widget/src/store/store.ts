/**
 * One store per element instance. It holds every piece of UI state and owns every side effect:
 * the voice client, the tRPC client, timers, local storage, window listeners and the DOM events
 * the host page receives. React components only read it and call its actions. Each slice is a
 * module of its own; this one only composes them over the kit and parts they share (./kit.ts).
 */
import { createStore } from 'zustand/vanilla';
import { createCallSlice } from './call-slice';
import { conversationMode, defaultConfig, isDemo } from './config';
import { createConfigSlice } from './config-slice';
import { createConversationSlice } from './conversation-slice';
import { EMAIL_EVENT, TOGGLE_EVENT } from './events';
import { createFormSlice } from './form-slice';
import { CONSENT_KEY } from './consent';
import { createKit, SCROLL_AFTER_MS, storageGetter, storeEnvironment } from './kit';
import { createPanelSlice } from './panel-slice';
import { CONVERSATION_KEY, syncWithTab } from './tab-sync';
import type { HelenaConfig, HelenaState, HelenaStore, StoreDeps, StoreParts } from './types';

export const STORAGE_KEYS = { vapiCallId: 'vapiCallId', callId: 'callId', correoUsuario: 'correoUsuario' } as const;
export { CONSENT_KEY, CONVERSATION_KEY, EMAIL_EVENT, SCROLL_AFTER_MS, TOGGLE_EVENT };

export * from './types';
export { conversationMode, defaultConfig, isDemo };

export function createHelenaStore(initial: Partial<HelenaConfig> = {}, deps: StoreDeps = {}): HelenaStore {
  const env = storeEnvironment(deps);
  const storedEmail = storageGetter(env);
  let logEl: HTMLElement | null = null;
  let parts!: StoreParts;

  const store = createStore<HelenaState>()((set, get) => {
    const shared = createKit(set, get, env, deps, () => logEl);
    const { kit } = shared;
    parts = shared.parts;
    return {
      ...createConfigSlice(kit, parts, initial),
      ...createPanelSlice(kit, (el) => {
        logEl = el;
      }),
      ...createCallSlice(kit, parts),
      ...createConversationSlice(kit, parts),
      ...createFormSlice(kit, {
        storedEmail: () => storedEmail(STORAGE_KEYS.correoUsuario) ?? '',
        submit: async () => (await parts.session()).submitLead(kit),
      }),
      ...shared.consent,
    };
  });

  if (!store.getState().textsReady) store.getState().configure({});
  syncWithTab(store, env, parts, STORAGE_KEYS.vapiCallId);
  return store;
}
