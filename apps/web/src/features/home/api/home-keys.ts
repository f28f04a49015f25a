/** The home page query keys (decision 090): the figure cards depend on who is signed in and on which store. */
export const homeKeys = {
  all: ['home'] as const,
  stats: (userKey: string) => [...homeKeys.all, 'stats', userKey] as const,
  dashboard: (kind: string, userKey: string, storeId?: number) =>
    [...homeKeys.all, 'dashboard', kind, userKey, storeId ?? 0] as const,
};
