/**
 * Focus handling for the dialogs, across shadow roots: `document.activeElement` is the outermost
 * host while focus is inside the widget, so every check walks the roots.
 */
import { afterPaint } from '../store/after-paint';

const FOCUSABLE =
  'a[href],button:not([disabled]),input:not([disabled]):not([type="hidden"]),select:not([disabled]),textarea:not([disabled]),[tabindex]:not([tabindex="-1"])';

/** The element that really has focus, through shadow roots. */
export function deepActiveElement(doc: Document = document): Element | null {
  let active: Element | null = doc.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

/** The element in the light DOM of the document that contains `node` (through shadow roots). */
export function outermostHost(node: Node): Element | null {
  let root = node.getRootNode();
  let host: Element | null = null;
  while (root && (root as ShadowRoot).host) {
    host = (root as ShadowRoot).host;
    root = host.getRootNode();
  }
  return host;
}

export function focusables(container: ParentNode): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.closest('[aria-hidden="true"]') && el.tabIndex >= 0,
  );
}

/**
 * A ref callback for a modal dialog (React 19 runs the returned cleanup on unmount): moves focus
 * into the dialog when focus was in the widget or nowhere, and returns it when the dialog closes.
 */
export function manageDialogFocus(dialog: HTMLElement | null): (() => void) | undefined {
  if (!dialog) return undefined;
  const doc = dialog.ownerDocument;
  const previous = deepActiveElement(doc) as HTMLElement | null;
  const top = doc.activeElement;
  const host = outermostHost(dialog);
  const focusWasOurs = !top || top === doc.body || top === doc.documentElement || (host !== null && top === host);
  if (focusWasOurs) {
    const first = dialog.querySelector<HTMLElement>('[data-autofocus]') ?? focusables(dialog)[0] ?? dialog;
    first.focus();
  }
  return () => {
    if (!focusWasOurs) return;
    if (previous && previous.isConnected && previous !== doc.body) previous.focus();
  };
}

/** Keydown handler for a dialog: Tab and Shift+Tab cycle inside it, Escape closes it. */
export function dialogKeyDown(
  event: { key: string; shiftKey: boolean; preventDefault(): void; stopPropagation(): void; currentTarget: EventTarget },
  onClose: () => void,
): void {
  const dialog = event.currentTarget as HTMLElement;
  if (event.key === 'Escape') {
    event.preventDefault();
    event.stopPropagation();
    onClose();
    return;
  }
  if (event.key !== 'Tab') return;
  const items = focusables(dialog);
  if (!items.length) {
    event.preventDefault();
    return;
  }
  const root = dialog.getRootNode() as Document | ShadowRoot;
  const current = root.activeElement;
  const first = items[0];
  const last = items[items.length - 1];
  if (event.shiftKey && (current === first || !dialog.contains(current))) {
    event.preventDefault();
    last?.focus();
  } else if (!event.shiftKey && (current === last || !dialog.contains(current))) {
    event.preventDefault();
    first?.focus();
  }
}

/** Focus is on the page's body, nowhere, or somewhere in the widget that holds `node`. */
export function focusIsFree(node: Node): boolean {
  const top = node.ownerDocument?.activeElement;
  return !top || top === node.ownerDocument.body || top === node.ownerDocument.documentElement || top === outermostHost(node);
}

/**
 * Ref callbacks for the panel and the launcher, which take turns on screen. An opening panel puts
 * focus in its message box (when focus was in the widget or nowhere, so a page that opens the
 * panel by script keeps its own focus); a panel that closes or minimises with focus inside hands
 * it to the launcher, so a keyboard user never lands on `<body>`. One pair per element instance,
 * created once: a new callback on every render would refocus on every render.
 */
export function panelFocus() {
  let handBack = false;
  return {
    panel: (panel: HTMLElement | null): (() => void) | undefined => {
      if (!panel) return undefined;
      let shown = true;
      // Focus moves once the panel is painted: focusing (style, caret, events) would delay the
      // frame that shows it. Focus the visitor moved meanwhile stays where they put it; the
      // facade's hand-over to the first control, when its placeholder goes, is not theirs.
      const doc = panel.ownerDocument;
      const before = deepActiveElement(doc);
      void afterPaint(doc.defaultView).then(() => {
        const now = deepActiveElement(doc);
        const handedOver = now === (panel.getRootNode() as ParentNode).querySelector('button,input');
        // Focus on nothing is nobody's choice: the launcher that held it may have left the page
        // before this frame (on a loaded machine it does), which drops focus to <body>.
        const nowhere = !now || now === doc.body;
        if (shown && focusIsFree(panel) && (now === before || handedOver || nowhere)) panel.querySelector<HTMLElement>('[data-autofocus],textarea,input')?.focus();
      });
      return () => {
        shown = false;
        handBack = panel.contains((panel.getRootNode() as ShadowRoot).activeElement);
      };
    },
    launcher: (button: HTMLElement | null): void => {
      if (button && handBack) button.focus();
      handBack = false;
    },
  };
}
