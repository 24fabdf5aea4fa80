/**
 * JSX types for `<helena-assistant>` in React: `import type {} from '@helena/widget/react'` once
 * (or list it in tsconfig `types`), then the element's attributes are checked in TSX.
 */
import type { Ref } from 'react';
import type { HelenaAssistantAttributes, HelenaAssistantElement } from './index.js';

declare global {
  // React 19 reads the JSX namespace from React itself; older setups read the global one.
  namespace JSX {
    interface IntrinsicElements {
      'helena-assistant': HelenaAssistantAttributes & { children?: never; class?: string; id?: string };
    }
  }
}

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'helena-assistant': HelenaAssistantAttributes & {
        children?: never;
        className?: string;
        id?: string;
        ref?: Ref<HelenaAssistantElement>;
      };
    }
  }
}
