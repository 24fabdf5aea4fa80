/** The element's configuration: its defaults, and what its attributes mean. */
import { resolveLocale } from '../i18n';
import type { ConversationMode, HelenaConfig } from './types';

/** The `mode` attribute as a conversation mode: anything but voice or chat is hybrid. */
export function conversationMode(config: HelenaConfig): ConversationMode {
  return config.mode === 'voice' || config.mode === 'chat' ? config.mode : 'hybrid';
}

/** The configuration from the element's attributes: blanks take the defaults. */
export function defaultConfig(partial: Partial<HelenaConfig> = {}): HelenaConfig {
  const clean = Object.fromEntries(
    Object.entries(partial).filter(([, v]) => v !== undefined && v !== null && v !== ''),
  ) as Partial<HelenaConfig>;
  return {
    name: 'Helena',
    company: '',
    chatLabel: 'Chat',
    apiUrl: '',
    ...clean,
    locale: resolveLocale(partial.locale),
  };
}

/** The `theme` attribute: `light`, `dark` or `auto`; anything else is light. */
export function colourTheme(config: HelenaConfig): 'light' | 'dark' | 'auto' {
  const { theme } = config;
  return theme === 'dark' || theme === 'auto' ? theme : 'light';
}

/** The `position` attribute: the launcher's corner is bottom left, or else bottom right. */
export function onLeft(config: HelenaConfig): boolean {
  return config.position === 'bottom-left';
}

/** Demo mode: no public key, or `mode="demo"`: the simulator the server mounts. */
export function isDemo(config: HelenaConfig): boolean {
  return config.mode === 'demo' || !config.publicKey;
}
