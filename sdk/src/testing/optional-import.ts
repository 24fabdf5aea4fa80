/**
 * Imports one of @helena/sdk's optional peer packages (`ws`, `@hono/node-server`) by a specifier
 * that bundlers cannot follow, so that browser bundles never include it. When it is not installed
 * the error says which package to add and what needs it, instead of a bare resolution failure.
 */
export async function importOptional<T>(specifier: string, neededBy: string): Promise<T> {
  try {
    return (await import(/* @vite-ignore */ /* webpackIgnore: true */ specifier)) as T;
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') {
      throw new Error(`${neededBy} needs '${specifier}', an optional peer dependency of @helena/sdk: npm install -D ${specifier}`, { cause: error });
    }
    throw error;
  }
}
