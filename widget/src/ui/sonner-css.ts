/**
 * sonner's stylesheet as a string, a lazy chunk of its own that the element adopts into its shadow
 * root before its first toast. sonner normally writes it into `document.head`, which cannot style
 * toasts inside a shadow root and would touch the host page. The build (widget/build.mjs) replaces
 * this module's body with the contents of `sonner/dist/styles.css` and removes sonner's own head
 * injection; in unit tests it stays empty.
 */
const css: string = '';
export default css;
