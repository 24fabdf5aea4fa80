/** The tRPC endpoint under an API origin: `${apiUrl}/api/trpc`, without doubled slashes. */
export function trpcUrl(apiUrl: string): string {
  return `${apiUrl.replace(/\/+$/, '')}/api/trpc`;
}
