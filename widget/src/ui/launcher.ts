/**
 * What the facade and the real element share: the launcher button's look and icon, so the
 * hand-off from placeholder to real button does not flash. Kept tiny: the loader includes it.
 */
export const LAUNCHER_CSS =
  '.launcher{position:fixed;right:var(--helena-offset-x,24px);bottom:var(--helena-offset-y,24px);z-index:var(--helena-z,2147483000);width:var(--helena-button-size,64px);height:var(--helena-button-size,64px);border-radius:50%;border:0;margin:0;padding:0;display:flex;align-items:center;justify-content:center;cursor:pointer;background:var(--helena-accent,#4f46e5);color:var(--helena-accent-text,#fff);box-shadow:0 8px 24px rgba(15,23,42,.28);font:inherit}.launcher svg{width:28px;height:28px;display:block;fill:none;stroke:currentColor;stroke-width:2;stroke-linecap:round;stroke-linejoin:round}.launcher:focus-visible{outline:3px solid var(--helena-focus,#f59e0b);outline-offset:3px}:host([position=bottom-left]) .launcher{right:auto;left:var(--helena-offset-x,24px)}';


export const ICON_SVG =
  '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M12 3a3 3 0 0 0-3 3v6a3 3 0 0 0 6 0V6a3 3 0 0 0-3-3z"/><path d="M19 11a7 7 0 0 1-14 0M12 18v3"/></svg>';

export const HOST_CSS = ':host{all:initial !important;display:contents !important}:host([hidden]){display:none !important}';
