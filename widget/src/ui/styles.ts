import { HOST_CSS, LAUNCHER_CSS } from './launcher';

/**
 * The dark palette (`theme="dark"`, or `theme="auto"` under a dark `prefers-color-scheme`). Every
 * colour below reads a private `--h-*` variable set on `.root`, which reads the public
 * `--helena-*` property first: a property the page sets wins in both themes.
 */
const DARK =
  'color-scheme:dark;--h-bg:var(--helena-bg,#111827);--h-text:var(--helena-text,#f3f4f6);--h-muted:var(--helena-muted,#9ca3af);--h-border:var(--helena-border,#374151);--h-btn-border:var(--helena-border,#4b5563);--h-hover:var(--helena-hover,#1f2937);--h-bot-bg:var(--helena-bot-bg,#1f2937);--h-bot-text:var(--helena-bot-text,#f3f4f6);--h-notice-bg:var(--helena-notice-bg,#422006);--h-notice-text:var(--helena-notice-text,#fde68a);--h-input-bg:var(--helena-input-bg,#1f2937);--h-input-border:var(--helena-input-border,#6b7280);--h-placeholder:var(--helena-placeholder,#9ca3af);--h-highlight:var(--helena-highlight,#a5b4fc);--h-tip-bg:var(--helena-tip-bg,#f9fafb);--h-tip-text:var(--helena-tip-text,#111827);--h-error:var(--helena-error,#fca5a5)';

/** `position="bottom-left"`: the panel and the tooltip mirror (the launcher's rule is shared with the facade). */
const LEFT = ':host([position=bottom-left])';

/**
 * The element's stylesheet, adopted into its shadow root. Plain CSS with custom properties, px only
 * (host `rem` must not scale it), `:host { all: initial }` first (host CSS still inherits into the
 * shadow tree through the host element otherwise). The toasts stack above the dialogs' backdrop
 * (`--helena-z` + 1): sonner's own z-index is below it, and a toast about the form would be
 * dimmed under the form's backdrop, its close button out of reach. The toaster's position is
 * here too, not only in sonner's lazily loaded sheet: without it (the sheet's chunk not there)
 * the list is static, its z-index void, and the toast under the backdrop.
 *
 * Theming: set any `--helena-*` property on `helena-assistant`, or style `::part(…)`.
 */
export const CSS = `
${HOST_CSS}
*,*::before,*::after{box-sizing:border-box}
.root{font-family:var(--helena-font,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif);
font-size:14px;line-height:20px;color:var(--h-text);letter-spacing:normal;text-align:left;-webkit-font-smoothing:antialiased;
--h-bg:var(--helena-bg,#fff);--h-text:var(--helena-text,#111827);--h-muted:var(--helena-muted,#4b5563);--h-border:var(--helena-border,#e5e7eb);--h-btn-border:var(--helena-border,#d1d5db);--h-hover:var(--helena-hover,#f9fafb);--h-bot-bg:var(--helena-bot-bg,#f3f4f6);--h-bot-text:var(--helena-bot-text,#111827);--h-notice-bg:var(--helena-notice-bg,#fef3c7);--h-notice-text:var(--helena-notice-text,#78350f);--h-input-bg:var(--helena-input-bg,#fff);--h-input-border:var(--helena-input-border,#9ca3af);--h-placeholder:var(--helena-placeholder,#6b7280);--h-highlight:var(--helena-highlight,var(--helena-accent,#4f46e5));--h-tip-bg:var(--helena-tip-bg,#111827);--h-tip-text:var(--helena-tip-text,#fff);--h-error:var(--helena-error,#b91c1c)}
:host([theme=dark]) .root{${DARK}}
@media (prefers-color-scheme:dark){:host([theme=auto]) .root{${DARK}}}
button,input{font:inherit;color:inherit;letter-spacing:inherit;text-transform:none;margin:0}
button{cursor:pointer}
:focus-visible{outline:3px solid var(--helena-focus,#f59e0b);outline-offset:2px}
[data-sonner-toaster][dir]{position:fixed;z-index:calc(var(--helena-z,2147483000) + 2)}
.sr-only{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
${LAUNCHER_CSS}
.live::after{content:"";position:absolute;top:2px;right:2px;width:14px;height:14px;border-radius:50%;background:#16a34a;border:2px solid #fff;animation:helena-pulse 1s infinite}
.tip{position:fixed;z-index:var(--helena-z,2147483000);right:calc(var(--helena-offset-x,24px) + var(--helena-button-size,64px) + 8px);bottom:calc(var(--helena-offset-y,24px) + var(--helena-button-size,64px)/2 - 16px);
padding:6px 10px;border-radius:8px;background:var(--h-tip-bg);color:var(--h-tip-text);font-size:13px;white-space:nowrap;pointer-events:none;visibility:hidden}
.launcher:is(:hover,:focus-visible):not([data-tip-off])+.tip{visibility:visible}
.panel{position:fixed;right:var(--helena-offset-x,24px);bottom:var(--helena-offset-y,24px);z-index:var(--helena-z,2147483000);
width:320px;max-width:calc(100vw - 32px);max-height:60vh;display:flex;flex-direction:column;
background:var(--h-bg);border:1px solid var(--h-border);border-radius:var(--helena-radius,16px);
box-shadow:0 16px 48px rgba(15,23,42,.24);overflow:hidden}
.panel.expanded{width:480px;height:70vh;max-height:70vh}
${LEFT} .panel{right:auto;left:var(--helena-offset-x,24px)}
${LEFT} .tip{right:auto;left:calc(var(--helena-offset-x,24px) + var(--helena-button-size,64px) + 8px)}
@media (max-width:480px){:host .panel.panel{left:0;right:0;bottom:0;width:auto;max-width:none;border-radius:16px 16px 0 0}}
.header{display:flex;align-items:center;gap:8px;padding:12px 12px 12px 16px;background:var(--helena-accent,#4f46e5);color:var(--helena-accent-text,#fff)}
.title{flex:1;min-width:0;margin:0;font-size:15px;line-height:20px;font-weight:600;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.badge{display:inline-block;margin-top:2px;padding:0 6px;border-radius:999px;background:var(--helena-badge-bg,#312e81);color:var(--helena-badge-text,#fff);font-size:11px;line-height:16px;font-weight:500}
.icon-btn{width:32px;height:32px;border:0;border-radius:8px;background:transparent;color:inherit;display:flex;align-items:center;justify-content:center;padding:0}
.icon-btn:hover{background:rgba(255,255,255,.18)}
.icon-btn svg{width:18px;height:18px;fill:none;stroke:currentColor;stroke-width:2;stroke-linecap:round}
.volume{display:flex;align-items:center;gap:2px;height:20px}
.volume span{display:block;width:3px;height:20px;border-radius:2px;background:currentColor;opacity:.85;transform-origin:center;transition:transform 90ms linear}
.body{flex:1;min-height:0;display:flex;flex-direction:column}
.log{flex:1;min-height:0;height:240px;overflow-y:auto;padding:12px}
.expanded .log{height:auto}
.log>ul{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:8px}
.msg{max-width:85%;padding:8px 12px;border-radius:14px;word-wrap:break-word;overflow-wrap:anywhere;white-space:pre-wrap}
.msg.bot{align-self:flex-start;background:var(--h-bot-bg);color:var(--h-bot-text);border-bottom-left-radius:4px}
.msg.user{align-self:flex-end;background:var(--helena-user-bg,#4f46e5);color:var(--helena-user-text,#fff);border-bottom-right-radius:4px}
.msg.partial{opacity:.72}
:is(.msg,.md) :is(p,ul,ol){margin:0}:is(.msg,.md) :is(ul,ol){padding-left:20px}:is(.msg,.md) :is(p,ul,ol)+:is(p,ul,ol){margin-top:6px}:is(.msg,.md) a{color:var(--h-highlight)}
.empty{margin:auto;padding:24px 12px;text-align:center;color:var(--h-muted)}
.status{display:flex;align-items:center;gap:8px;min-height:28px;padding:4px 16px;color:var(--h-muted);font-size:13px}
.ind{display:flex;gap:3px;align-items:center;height:14px}
.ind i{width:6px;height:6px;border-radius:50%;background:currentColor;animation:helena-pulse 1s ease-in-out infinite}
.ind i:nth-child(2){animation-delay:.2s}.ind i:nth-child(3){animation-delay:.4s}
.listening i+i{display:none}.listening i,.speaking{color:var(--h-highlight)}
.speaking{font-weight:600}.speaking i{width:3px;height:14px;border-radius:2px;animation-name:helena-talk}
@keyframes helena-pulse{0%,100%{opacity:.35;transform:scale(.8)}50%{opacity:1;transform:scale(1.15)}}
@keyframes helena-talk{0%,100%{transform:scaleY(.3)}50%{transform:scaleY(1)}}
.ended{margin:0 12px 8px;padding:10px 12px;border-radius:10px;background:var(--h-notice-bg);color:var(--h-notice-text);display:flex;flex-direction:column;gap:8px}
.ended p{margin:0;font-weight:600}
.actions{display:flex;flex-wrap:wrap;gap:8px;padding:8px 12px;border-top:1px solid var(--h-border)}
.btn{flex:1 1 auto;min-height:36px;padding:6px 12px;border-radius:10px;border:1px solid var(--h-btn-border);background:var(--h-bg);color:var(--h-text);font-size:13px;font-weight:500;line-height:18px}
.btn:hover{background:var(--h-hover)}
.btn.primary{background:var(--helena-accent,#4f46e5);border-color:var(--helena-accent,#4f46e5);color:var(--helena-accent-text,#fff)}
.btn.primary:hover,.launcher:hover{filter:brightness(1.08)}
.btn.danger{background:var(--helena-danger,#b91c1c);border-color:var(--helena-danger,#b91c1c);color:#fff}
.btn[disabled]{opacity:.6;cursor:default}
.composer{display:flex;gap:8px;padding:8px 12px 12px}
.field{flex:1;min-width:0;height:36px;padding:6px 10px;border-radius:10px;border:1px solid var(--h-input-border);background:var(--h-input-bg);color:var(--h-text);font-size:14px;line-height:20px}
.field::placeholder{color:var(--h-placeholder);opacity:1}
@media (prefers-reduced-motion:reduce){
*,*::before,*::after{animation:none !important;transition:none !important;scroll-behavior:auto !important}
.volume span{transform:none !important}
}
`;
