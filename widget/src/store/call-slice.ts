/**
 * The call slice: the voice call's status as the original widget shows it (inactive, loading,
 * active) and the actions that start and stop it. The call itself runs in ./call.ts, loaded at
 * the first call.
 */
import type { CallController, CallSlice, StoreKit, StoreParts } from './types';

export function createCallSlice(
  kit: Pick<StoreKit, 'get' | 'set' | 'texts' | 'demo' | 'fail' | 'cancel' | 'log' | 'needsConsent' | 'afterPaint'>,
  parts: Pick<StoreParts, 'calls' | 'channel' | 'pending'>,
): CallSlice {
  const { get, set } = kit;
  return {
    status: 'inactive',
    error: null,
    ended: false,
    speaking: false,
    listening: false,
    volume: 0,
    muted: false,

    toggleMute() {
      const calls = parts.calls.current;
      if (get().status !== 'active' || !calls) return;
      const want = !get().muted;
      void calls.then((c) => set({ muted: c.setMuted(want) }));
    },

    async toggleCall() {
      const { status } = get();
      if (status === 'active') await get().stopCall();
      else if (status === 'inactive') await get().startCall();
    },

    async startCall() {
      if (get().status !== 'inactive' || kit.needsConsent(get().startCall)) return;
      const { config } = get();
      const texts = kit.texts();
      if (!kit.demo(config) && !config.assistantId) {
        set({ panelOpen: true });
        kit.fail(texts.errNoAssistant, 'start');
        return;
      }
      // Feedback first ('Conectando con {name}...'), then the lazy parts.
      set({ status: 'loading', panelOpen: true, ended: false, error: null, speaking: false, listening: false });
      // The panel's frame first: loading the voice layer and starting the call (microphone,
      // platform, our row) would otherwise delay it. The click's permission to start holds.
      await kit.afterPaint();
      let c: CallController;
      try {
        c = await parts.calls();
      } catch (err) {
        kit.log('call controller unavailable', err);
        kit.fail(texts.errNotInitialised, 'start');
        return;
      }
      parts.channel = 'call';
      if (get().status === 'loading') await c.start();
    },

    async stopCall() {
      if (get().status === 'inactive') return;
      set({ status: 'loading' });
      kit.cancel('speaking');
      if (parts.calls.current) await (await parts.calls.current).stop();
      else set({ status: 'inactive' });
      parts.pending.length = 0;
    },
  };
}
