/**
 * Vue template types for `<helena-assistant>`: `import type {} from '@helena/widget/vue'` once.
 * Tell Vue's compiler the tag is a custom element (`isCustomElement: (tag) => tag === 'helena-assistant'`).
 */
import type { DefineComponent } from 'vue';
import type { HelenaAssistantAttributes } from './index.js';

declare module 'vue' {
  interface GlobalComponents {
    'helena-assistant': DefineComponent<HelenaAssistantAttributes>;
    HelenaAssistant: DefineComponent<HelenaAssistantAttributes>;
  }
}
