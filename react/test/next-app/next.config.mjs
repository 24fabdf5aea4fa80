import { fileURLToPath } from 'node:url';

// The repository is the workspace root: @helena/react and React resolve from its node_modules.
export default { turbopack: { root: fileURLToPath(new URL('../../..', import.meta.url)) }, outputFileTracingRoot: fileURLToPath(new URL('../../..', import.meta.url)) };
