/**
 * The panel slice: the launcher, the panel's size and visibility, and the transcript dialog.
 * Opening the panel starts the call (the call slice's action), except in chat mode.
 */
import { conversationMode } from './config';
import type { PanelSlice, StoreKit } from './types';

/** After the panel opens, the conversation is looked through again for the visitor's address. */
export const RESCAN_AFTER_OPEN_MS = 500;

export function createPanelSlice(kit: Pick<StoreKit, 'get' | 'set' | 'later' | 'needsConsent'>, registerLog: PanelSlice['registerLog']): PanelSlice {
  const { get, set } = kit;
  return {
    panelOpen: false,
    expanded: false,
    minimised: false,
    transcriptOpen: false,

    async activate() {
      set({ panelOpen: true, minimised: false });
      kit.later('rescan', RESCAN_AFTER_OPEN_MS, () => void get().rescan());
      // With no conversation under way, the consent step may come first (in chat mode too: the
      // visitor is about to write).
      if (get().status === 'inactive' && kit.needsConsent(get().activate)) return;
      // The round button is 'Hablar con {name}': pressing it talks. Only a text-only element waits
      // for a typed line instead.
      if (get().status === 'inactive' && conversationMode(get().config) !== 'chat') await get().startCall();
    },

    closePanel() {
      if (get().status !== 'inactive') return; // the close control exists only when inactive
      set({ panelOpen: false, expanded: false, minimised: false, transcriptOpen: false });
    },

    toggleExpanded() {
      set({ expanded: !get().expanded });
    },

    setMinimised(minimised) {
      set({ minimised });
    },

    openTranscript() {
      set({ transcriptOpen: true });
    },

    closeTranscript() {
      set({ transcriptOpen: false });
    },

    registerLog,
  };
}
