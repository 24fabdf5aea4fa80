/**
 * The facade: the only script a page loads. Vanilla, no React. It defines `<helena-assistant>`
 * with its own open shadow root and a placeholder launcher shown at once, and imports the UI
 * chunk on the first pointer-enter, focus, touch-start or click, or when the browser is idle
 * (after the page's `load`). The chunk's `<helena-assistant-ui>` is then mounted inside the
 * facade's shadow root; a click that triggered the loading opens the panel and starts the call.
 *
 * Importing this module on a server (SSR) does nothing: every DOM access is inside functions.
 */
import { CONFIG_ATTRIBUTES } from './attributes';
import { REJOIN_KEY } from './store/rejoin';
import { HOST_CSS, ICON_SVG, LAUNCHER_CSS } from './ui/launcher';

export const TAG = 'helena-assistant';
/** The attributes the facade observes and hands on to the UI element. */
export const ATTRS: readonly string[] = CONFIG_ATTRIBUTES;
const IDLE_DELAY_MS = 2000;

export interface UIModule {
  UI_TAG: string;
}

/**
 * @param loadUI   imports the UI chunk
 * @param preload  the UI chunk's URL: when idle, it is only fetched and compiled
 *                 (`<link rel="modulepreload">` inside the shadow root), not run, so the idle
 *                 time costs no long task; without it, idle mounts the UI.
 */
export function defineHelenaAssistant(loadUI: () => Promise<UIModule>, preload?: string): void {
  if (typeof window === 'undefined' || typeof customElements === 'undefined' || customElements.get(TAG)) return;

  let chunk: Promise<UIModule> | null = null;
  let preloaded = false;
  const load = () => (chunk ??= loadUI().catch((err) => {
    chunk = null;
    throw err;
  }));

  class HelenaAssistant extends HTMLElement {
    static observedAttributes = ATTRS;
    #root: ShadowRoot;
    #placeholder: HTMLButtonElement;
    #ui: (HTMLElement & { open?: () => Promise<void> }) | null = null;
    /** An early click or open() waiting for the UI. */
    #pendingOpen = false;
    /** A press on the placeholder is in progress: it must not be removed under the pointer. */
    #pressing = false;
    #swapQueued = false;
    /** Aborts every window listener and the idle timer when the element leaves the page. */
    #off: AbortController | null = null;

    constructor() {
      super();
      this.#root = this.attachShadow({ mode: 'open' });
      // A constructed stylesheet, not a <style>: a page's CSP `style-src` without 'unsafe-inline'
      // blocks <style> elements, but not stylesheets made through the CSSOM. (<style> only where
      // constructed stylesheets do not exist.)
      const css = `${HOST_CSS}${LAUNCHER_CSS}.launcher[hidden]{display:none}`;
      let html = `<button type="button" class="launcher" part="button" data-helena-placeholder>${ICON_SVG}</button>`;
      try {
        const sheet = new CSSStyleSheet();
        sheet.replaceSync(css);
        this.#root.adoptedStyleSheets = [sheet];
      } catch {
        html = `<style>${css}</style>${html}`;
      }
      this.#root.innerHTML = html;
      this.#placeholder = this.#root.querySelector('button')!;
      const on = (type: string, fn: () => void) => this.#placeholder.addEventListener(type, fn, { passive: true });
      for (const type of ['pointerenter', 'focus', 'touchstart']) on(type, () => void this.#mount());
      on('pointerdown', () => (this.#pressing = true));
      on('click', () => void this.open());
    }

    connectedCallback() {
      this.#update();
      this.#off = new AbortController();
      const signal = this.#off.signal;
      const on = (type: string, fn: () => void, once?: boolean) => addEventListener(type, fn, { capture: true, signal, once });
      on('toggleHelenaChat', this.#onToggle);
      on('pointerup', this.#onRelease);
      on('pointercancel', this.#onRelease);
      on('popstate', this.#update);
      // The tab's previous page left a call live: the UI comes at once, to join it again.
      try {
        if (!this.#placeholder.hidden && sessionStorage.getItem(REJOIN_KEY)) void this.#mount();
      } catch {}
      const idle = () => {
        // Not in every browser (Safari lacks it), so typed as optional.
        const ric = (window as { requestIdleCallback?: (cb: () => void, o?: object) => number }).requestIdleCallback;
        const warm = () => {
          if (!preload) return void this.#mount();
          if (preloaded || chunk) return;
          preloaded = true;
          const link = document.createElement('link');
          link.rel = 'modulepreload';
          link.href = preload;
          this.#root.append(link);
        };
        const timer = setTimeout(() => (ric ? ric(warm, { timeout: 5000 }) : warm()), IDLE_DELAY_MS);
        signal.addEventListener('abort', () => clearTimeout(timer));
      };
      if (this.getAttribute('loading') === 'intent') return;
      if (document.readyState === 'complete') idle();
      else on('load', idle, true);
    }

    disconnectedCallback() {
      this.#off?.abort();
    }

    attributeChangedCallback(name: string, _old: string | null, value: string | null) {
      if (this.#ui) {
        if (value === null) this.#ui.removeAttribute(name);
        else this.#ui.setAttribute(name, value);
      }
      this.#update();
    }

    /** Opens the chat panel and starts a call (loading the UI first if needed). */
    async open(): Promise<void> {
      this.#pendingOpen = true;
      await this.#mount();
    }

    #onToggle = () => {
      // Before the UI is there, the store cannot hear the event yet: remember it. (After, the
      // store handles it.)
      if (!this.#ui) void this.open();
    };

    #onRelease = () => {
      this.#pressing = false;
      if (this.#swapQueued) this.#swap();
    };

    #update = () => {
      const label = (/^en/i.test(this.getAttribute('locale') ?? '') ? 'Talk to ' : 'Hablar con ') + (this.getAttribute('name') || 'Helena');
      this.#placeholder.setAttribute('aria-label', label);
      const showOn = this.getAttribute('show-on');
      this.#placeholder.hidden = !!showOn && location.pathname !== showOn;
    };

    async #mount(): Promise<void> {
      if (!this.#ui) {
        let mod: UIModule;
        try {
          mod = await load();
        } catch (err) {
          this.#pendingOpen = false;
          this.dispatchEvent(
            new CustomEvent('helena:error', { detail: { message: String(err), source: 'load' }, bubbles: true, composed: true }),
          );
          return;
        }
        if (!this.#ui) {
          // Insert the real element first; the placeholder goes once the real button exists.
          const ui = document.createElement(mod.UI_TAG) as HTMLElement & { open?: () => Promise<void> };
          for (const attr of ATTRS) {
            const v = this.getAttribute(attr);
            if (v !== null) ui.setAttribute(attr, v);
          }
          this.#ui = ui;
          this.#root.insertBefore(ui, this.#placeholder);
          this.#waitForRealButton();
        }
      }
      if (this.#pendingOpen) {
        this.#pendingOpen = false;
        await this.#ui.open?.();
      }
    }

    #waitForRealButton() {
      let frames = 0;
      const check = () => {
        if (this.#ui?.shadowRoot?.querySelector('[data-helena-root]>*') || ++frames > 600) this.#swap();
        else requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    }

    #swap() {
      if (this.#pressing) {
        this.#swapQueued = true;
        return;
      }
      this.#swapQueued = false;
      if (!this.#placeholder.isConnected) return;
      const hadFocus = this.#root.activeElement === this.#placeholder;
      this.#placeholder.remove();
      if (hadFocus) {
        // The real launcher (or, when the click opened the panel, its first control); never a
        // control of the panel rendered ahead, hidden and inert, which would take focus nowhere.
        [...(this.#ui?.shadowRoot?.querySelectorAll<HTMLElement>('button,input') ?? [])].find((el) => !el.closest('[inert]'))?.focus();
      }
    }
  }

  customElements.define(TAG, HelenaAssistant);
}
