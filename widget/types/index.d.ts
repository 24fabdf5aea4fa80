/**
 * Types for `<helena-assistant>`: its attributes, the `detail` of every `helena:*` event it
 * dispatches (bubbling and composed, from the element), and the JSX/Vue declarations that let
 * React and Vue templates use the element with checked attributes. Importing `@helena/widget`
 * defines the element; these declarations describe it.
 */

/** The element's attributes, as written in HTML (all strings). */
export interface HelenaAssistantAttributes {
  /** The persona's name ('Helena' when absent). */
  name?: string;
  /** The company the assistant introduces itself for. */
  company?: string;
  /** The panel title's first part ('Chat' when absent). */
  'chat-label'?: string;
  /** The voice platform's public key; without it the element runs in demo mode. */
  'public-key'?: string;
  /** The platform assistant to call; required outside demo mode. */
  'assistant-id'?: string;
  /** The Helena server; defaults to the origin the script came from. */
  'api-url'?: string;
  /** `en` switches every text; Spanish otherwise. */
  locale?: 'es' | 'en';
  /** Render only when `location.pathname` is exactly this. */
  'show-on'?: string;
  /**
   * How the visitor talks: `hybrid` (default: the button starts a call; a line typed while no call
   * is live is a text chat), `chat` (text only: the button opens the panel, no call button),
   * `voice` (calls only: typing with no call live starts one); `demo` is hybrid in demo mode even
   * with a public key.
   */
  mode?: 'hybrid' | 'chat' | 'voice' | 'demo';
  /**
   * `required`: a consent step before the visitor's first call or chat; nothing is sent before
   * 'Aceptar'. The answer is remembered in localStorage (`helenaConsent`).
   */
  consent?: 'required';
  /** The consent step's text instead of the default one. */
  'consent-text'?: string;
  /** The consent text's version: an answer given to another version is asked again. */
  'consent-version'?: string;
  /** The privacy policy (http or https), linked from the consent step and the email form. */
  'privacy-url'?: string;
  /** `intent`: fetch the UI only on hover/focus/touch/click, never when idle. */
  loading?: 'intent';
  /** Colours of the launcher, panel, dialogs and toasts: `light` (default), `dark`, or `auto` (follows the visitor's `prefers-color-scheme`, live). */
  theme?: 'light' | 'dark' | 'auto';
  /** Which corner the launcher, panel, tooltip and toasts take: `bottom-right` (default) or `bottom-left`. */
  position?: 'bottom-right' | 'bottom-left';
}

/** `detail` of each event the element dispatches. */
export interface HelenaAssistantEventDetails {
  'helena:call-start': { vapiCallId: string | null; demo: boolean };
  'helena:call-end': { vapiCallId: string | null };
  /** After the lead was saved. */
  'helena:lead': {
    email: string;
    name?: string;
    cargo?: string;
    company?: string;
    customerId: string;
    callId: string | null;
  };
  'helena:error': { message: string; source: 'start' | 'stop' | 'voice' | 'chat' | 'lead' | 'load' };
  /** The visitor answered the consent step; `version` is the `consent-version` it was asked for. */
  'helena:consent': { accepted: boolean; version: string | null };
}

/** The events as DOM events, for `addEventListener` on the element or any ancestor. */
export type HelenaAssistantEventMap = {
  [K in keyof HelenaAssistantEventDetails]: CustomEvent<HelenaAssistantEventDetails[K]>;
};

/** The element as the DOM sees it. */
export interface HelenaAssistantElement extends HTMLElement {
  addEventListener<K extends keyof HelenaAssistantEventMap>(
    type: K,
    listener: (this: HelenaAssistantElement, ev: HelenaAssistantEventMap[K]) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
}

declare global {
  // The events bubble and are composed, so any element or the document hears them.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merging into the DOM's map needs an interface
  interface HTMLElementEventMap extends HelenaAssistantEventMap {}
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merging into the DOM's map needs an interface
  interface DocumentEventMap extends HelenaAssistantEventMap {}
  interface HTMLElementTagNameMap {
    'helena-assistant': HelenaAssistantElement;
  }
}
