/**
 * Build entry of `dist/helena-assistant.js`. The UI chunk's hashed file name is injected by
 * widget/build.mjs as `__HELENA_UI__` and resolved against this script's own URL, so the loader
 * bundles nothing of the UI. (The UI takes the same origin as its default `api-url`.)
 */
import { defineHelenaAssistant, type UIModule } from '../loader';

declare const __HELENA_UI__: string;

const ui = new URL(__HELENA_UI__, import.meta.url).href;
defineHelenaAssistant(() => import(/* @vite-ignore */ ui) as Promise<UIModule>, ui);
