/**
 * The UI chunk: `<helena-assistant-ui>`, an r2wc custom element with an open shadow root, one
 * zustand store per instance and the stylesheets adopted into that shadow root. The facade
 * (`../loader.ts`) mounts it inside `<helena-assistant>`; it also works on its own.
 */
import r2wc from '@r2wc/react-to-web-component';
import { createElement } from 'react';
import { toast } from 'sonner';
import { camelName, CONFIG_ATTRIBUTES } from '../attributes';
import { createHelenaStore, type HelenaConfig, type HelenaStore, type StoreDeps } from '../store/store';
import { App } from './App';
import { adoptCss } from './adopt-css';
import { outermostHost } from './focus';
import { CSS } from './styles';

export const UI_TAG = 'helena-assistant-ui';

/** Attributes (kebab-case) and the config keys they fill. */
export const ATTRIBUTES: Record<string, keyof HelenaConfig> = Object.fromEntries(
  CONFIG_ATTRIBUTES.map((attribute) => [attribute, camelName(attribute) satisfies keyof HelenaConfig]),
);

export interface HelenaAssistantUIElement extends HTMLElement {
  readonly store: HelenaStore;
  open(): Promise<void>;
}

/**
 * sonner's stylesheet is a lazy chunk of its own, fetched with the element's first toast and
 * adopted into `root`: toasts come with errors and with the lead flow, later than the click, so
 * the click's download does not carry them. `load`'s promise settles either way: a toast waits
 * for its styles, never for a chunk that failed to load; a failed load is tried again at the next
 * toast, so one lost request on a busy machine does not leave every later toast unstyled.
 */
function toastStyles(root: ShadowRoot | null): { load(): Promise<void>; started(): boolean } {
  let loading: Promise<void> | undefined;
  let asked = false;
  const load = () => {
    asked = true;
    return (loading ??= import('./sonner-css').then(
      ({ default: css }) => {
        if (root && css) adoptCss(root, css);
      },
      () => {
        loading = undefined;
      },
    ));
  };
  return { load, started: () => asked };
}

/** The `::part()` names, re-exported through the facade's shadow root (`exportparts`). */
export const PARTS =
  'root,button,tooltip,panel,panel-expanded,header,title,demo-badge,icon-button,close,mute,volume,messages,message,message-bot,message-user,speaking,ended,actions,action,end-call,composer,input,send,backdrop,dialog,transcript,email,field,consent,privacy-link,privacy-notice';

let toasterSeq = 0;

/** Test seam: extra store dependencies for every element created after the call. */
let depsOverride: Partial<StoreDeps> = {};
export function setStoreDeps(deps: Partial<StoreDeps>): void {
  depsOverride = deps;
}

function defaultApiUrl(): string | undefined {
  try {
    const own = new URL(import.meta.url);
    if (own.protocol === 'http:' || own.protocol === 'https:') return own.origin;
  } catch {}
  return typeof location === 'undefined' ? undefined : location.origin;
}

function readConfig(el: HTMLElement): Partial<HelenaConfig> {
  const config: Record<string, string | undefined> = {};
  for (const [attr, key] of Object.entries(ATTRIBUTES)) config[key] = el.getAttribute(attr) ?? undefined;
  // The server that serves the bundle is the API by default.
  if (!config.apiUrl) config.apiUrl = defaultApiUrl();
  return config;
}

function Root(props: { container?: ShadowRoot }) {
  const host = props.container?.host as (HelenaAssistantUIElement & { toasterId: string }) | undefined;
  if (!host) return null;
  return createElement(App, { store: host.store, toasterId: host.toasterId });
}

export function defineHelenaUI(tag: string = UI_TAG): CustomElementConstructor | undefined {
  if (typeof customElements === 'undefined') return undefined;
  const existing = customElements.get(tag);
  if (existing) return existing;

  const props = Object.fromEntries(Object.values(ATTRIBUTES).map((key) => [key, 'string'])) as Record<string, 'string'>;
  const Base = r2wc(Root, { shadow: 'open', props }) as unknown as {
    new (): HTMLElement & {
      connectedCallback(): void;
      disconnectedCallback(): void;
      attributeChangedCallback(name: string, oldValue: string | null, value: string | null): void;
    };
    observedAttributes: string[];
  };

  class HelenaAssistantUI extends Base implements HelenaAssistantUIElement {
    readonly toasterId = `helena-${++toasterSeq}`;
    readonly store: HelenaStore;

    constructor() {
      super();
      const toasterId = this.toasterId;
      // Constructed stylesheets (adoptCss): a page whose CSP allows no inline style ('self' only)
      // still styles the element, and one sheet object serves every instance.
      if (this.shadowRoot) adoptCss(this.shadowRoot, CSS);
      const styled = toastStyles(this.shadowRoot);
      this.store = createHelenaStore(readConfig(this), {
        host: () => outermostHost(this) ?? this,
        toast: {
          success: (message) => void styled.load().then(() => toast.success(message, { toasterId, duration: 4000 })),
          error: (message) => void styled.load().then(() => toast.error(message, { toasterId, duration: 4000 })),
          // Nothing to dismiss before the first toast: no stylesheet to fetch for it.
          dismiss: () => void (styled.started() ? styled.load().then(() => toast.dismiss()) : undefined),
        },
        ...depsOverride,
      });
      // Escape inside the toaster closes the toasts: sonner checks document.activeElement, which
      // is the host element while focus is inside a shadow root.
      this.shadowRoot?.addEventListener('keydown', (event) => {
        const e = event as KeyboardEvent;
        if (e.key !== 'Escape') return;
        const active = this.shadowRoot?.activeElement;
        if (active?.closest('[data-sonner-toaster]') || active?.closest('section[aria-live]')) toast.dismiss();
      });
    }

    override connectedCallback() {
      if (!this.hasAttribute('exportparts')) this.setAttribute('exportparts', PARTS);
      this.store.getState().attach();
      super.connectedCallback();
    }

    override disconnectedCallback() {
      super.disconnectedCallback();
      this.store.getState().detach();
    }

    override attributeChangedCallback(name: string, oldValue: string | null, value: string | null) {
      this.store?.getState().configure(readConfig(this));
      super.attributeChangedCallback(name, oldValue, value);
    }

    /** Opens the chat panel and starts a call if none is active. */
    open() {
      return this.store.getState().activate();
    }
  }

  customElements.define(tag, HelenaAssistantUI);
  return HelenaAssistantUI;
}

defineHelenaUI();
