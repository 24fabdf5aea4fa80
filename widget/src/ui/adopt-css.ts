/**
 * Stylesheets of the lazily loaded views (dialogs, consent step), adopted into the shadow root
 * that shows them when they first appear there, so that their CSS weighs nothing on the UI chunk.
 */
const sheets = new Map<string, CSSStyleSheet>();
const adopted = new WeakMap<Node, Set<string>>();

/** Adds `css` to the shadow root holding `node`, once per root (a `<style>` where constructed sheets do not exist). */
export function adoptCss(node: Node, css: string): void {
  const root = node.getRootNode();
  if (!('adoptedStyleSheets' in root)) return;
  const done = adopted.get(root) ?? new Set<string>();
  if (done.has(css)) return;
  done.add(css);
  adopted.set(root, done);
  const shadow = root as ShadowRoot;
  try {
    let sheet = sheets.get(css);
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(css);
      sheets.set(css, sheet);
    }
    shadow.adoptedStyleSheets = [...shadow.adoptedStyleSheets, sheet];
  } catch {
    const style = document.createElement('style');
    style.textContent = css;
    shadow.append(style);
  }
}
