/** The ISO-8601 time every event payload's `timestamp` carries, as the reference writes it. */
export const now = (): string => new Date().toISOString();
