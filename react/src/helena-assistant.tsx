// <HelenaAssistant>: the <helena-assistant> element as a typed React component. The element's
// script is added in an effect, so server rendering only emits the tag (the browser upgrades it),
// and each `helena:*` event has its own typed `on…` prop. The script comes from the Helena server,
// as in the embedding snippet, never from the app's bundle: the element loads its UI chunks
// relative to its own URL, which a bundler would move.
import { createElement, useEffect, useRef, type CSSProperties } from 'react';
import type { HelenaAssistantAttributes, HelenaAssistantElement, HelenaAssistantEventDetails } from '@helena/widget';
import { ATTRIBUTES as ELEMENT_ATTRIBUTES, camelName, type AttributeName, type CamelName } from '@helena/widget/attributes';

/** The element's attributes, in camelCase. */
export interface HelenaAssistantProps {
  name?: string;
  company?: string;
  chatLabel?: string;
  publicKey?: string;
  assistantId?: string;
  apiUrl?: string;
  locale?: HelenaAssistantAttributes['locale'];
  showOn?: string;
  mode?: HelenaAssistantAttributes['mode'];
  consent?: HelenaAssistantAttributes['consent'];
  consentText?: string;
  consentVersion?: string;
  privacyUrl?: string;
  loading?: HelenaAssistantAttributes['loading'];
  theme?: HelenaAssistantAttributes['theme'];
  position?: HelenaAssistantAttributes['position'];
  id?: string;
  className?: string;
  style?: CSSProperties;
  onCallStart?: (detail: HelenaAssistantEventDetails['helena:call-start']) => void;
  onCallEnd?: (detail: HelenaAssistantEventDetails['helena:call-end']) => void;
  onLead?: (detail: HelenaAssistantEventDetails['helena:lead']) => void;
  onError?: (detail: HelenaAssistantEventDetails['helena:error']) => void;
  /** The visitor answered the consent step (`consent="required"`). */
  onConsent?: (detail: HelenaAssistantEventDetails['helena:consent']) => void;
  /**
   * The element's script: default `${apiUrl}/helena-assistant.js`, or `/helena-assistant.js` on
   * the page's origin without `apiUrl`. `false` when the page loads it itself (e.g. from a CDN).
   */
  src?: string | false;
}

/** Prop → attribute, from the element's own list. */
const ATTRIBUTES = Object.fromEntries(ELEMENT_ATTRIBUTES.map((attribute) => [camelName(attribute), attribute])) as {
  [A in AttributeName as CamelName<A>]: A;
};

/** Prop → event. */
const EVENTS = {
  onCallStart: 'helena:call-start',
  onCallEnd: 'helena:call-end',
  onLead: 'helena:lead',
  onError: 'helena:error',
  onConsent: 'helena:consent',
} as const satisfies Record<string, keyof HelenaAssistantEventDetails>;

/** Adds the element's module script once per page (and not at all once the element is defined). */
function addScript(src: string): void {
  if (customElements.get('helena-assistant')) return;
  const url = new URL(src, document.baseURI).href;
  if ([...document.querySelectorAll<HTMLScriptElement>('script[src]')].some((s) => s.src === url)) return;
  const script = document.createElement('script');
  script.type = 'module';
  script.src = url;
  document.head.appendChild(script);
}

/** `<helena-assistant>` with typed props and event callbacks. */
export function HelenaAssistant(props: HelenaAssistantProps) {
  const ref = useRef<HelenaAssistantElement | null>(null);
  // The latest callbacks, so the listeners are added once and never stale.
  const callbacks = useRef(props);
  callbacks.current = props;
  const src = props.src ?? `${(props.apiUrl ?? '').replace(/\/+$/, '')}/helena-assistant.js`;

  useEffect(() => {
    if (src) addScript(src);
  }, [src]);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const listeners = Object.entries(EVENTS).map(([prop, event]) => {
      const listener = (e: Event) => {
        const callback = callbacks.current[prop as keyof typeof EVENTS] as ((detail: unknown) => void) | undefined;
        callback?.((e as CustomEvent<unknown>).detail);
      };
      element.addEventListener(event, listener);
      return () => element.removeEventListener(event, listener);
    });
    return () => listeners.forEach((remove) => remove());
  }, []);

  const attributes: Record<string, string> = {};
  for (const [prop, attribute] of Object.entries(ATTRIBUTES)) {
    const value = props[prop as keyof typeof ATTRIBUTES];
    if (value !== undefined) attributes[attribute] = value;
  }
  return createElement('helena-assistant', { ...attributes, ref, id: props.id, class: props.className, style: props.style });
}
