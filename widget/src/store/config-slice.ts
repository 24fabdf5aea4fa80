/**
 * The config slice: the element's attributes, where it shows, its texts, and its life in the page
 * (the window events it listens to while attached).
 */
import { hasLocale, loadLocale } from '../i18n';
import { defaultConfig } from './config';
import { EMAIL_EVENT, TOGGLE_EVENT } from './events';
import type { ConfigSlice, HelenaConfig, StoreKit, StoreParts } from './types';

export function createConfigSlice(
  kit: Pick<StoreKit, 'get' | 'set' | 'log' | 'win'>,
  parts: Pick<StoreParts, 'prompt' | 'chats' | 'clearTimers'>,
  initial: Partial<HelenaConfig>,
): ConfigSlice {
  const { get, set, win, log } = kit;
  let attached = false;

  const matchesPath = (config: HelenaConfig) => !config.showOn || (win?.location?.pathname ?? '/') === config.showOn;
  const onToggle = () => void get().activate();
  const onLocation = () => set({ visible: matchesPath(get().config) });
  const onEmailEvent = (event: Event) => {
    parts.prompt().then(
      (p) => p.onEvent(event),
      (err) => log('email prompt unavailable', err),
    );
  };
  const listeners: Array<[string, (event: Event) => void]> = [
    [TOGGLE_EVENT, onToggle],
    [EMAIL_EVENT, onEmailEvent],
    ['popstate', onLocation],
    ['hashchange', onLocation],
  ];

  const config = defaultConfig(initial);
  return {
    config,
    visible: matchesPath(config),
    textsReady: hasLocale(config.locale),

    configure(partial) {
      const next = defaultConfig({ ...get().config, ...partial });
      set({ config: next, visible: matchesPath(next), textsReady: hasLocale(next.locale) });
      if (!hasLocale(next.locale)) {
        loadLocale(next.locale)
          .catch((err) => log('locale unavailable', err))
          .finally(() => set({ textsReady: true }));
      }
    },

    attach() {
      if (attached || !win) return;
      attached = true;
      for (const [type, listener] of listeners) win.addEventListener(type, listener);
      onLocation();
    },

    detach() {
      if (attached && win) for (const [type, listener] of listeners) win.removeEventListener(type, listener);
      attached = false;
      parts.clearTimers();
      if (get().status !== 'inactive') void get().stopCall();
      void parts.chats.current?.then((c) => c.reset());
    },
  };
}
