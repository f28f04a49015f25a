/** The operation-log query keys (decision 090): the tenant's own log, or the whole platform's. */
export const oplogKeys = {
  all: ['oplog'] as const,
  list: (admin: boolean) => [...oplogKeys.all, admin ? 'admin' : 'own'] as const,
};
