/**
 * The staff query keys (decision 090). Saving, deleting or granting a staff member reloads every staff
 * query (`all`): the list, the install statistics and the grant dialog's data.
 */
export const staffKeys = {
  all: ['staff'] as const,
  list: () => [...staffKeys.all, 'list'] as const,
  remarks: () => [...staffKeys.all, 'remarks'] as const,
  remarksOf: (staffId: number | undefined) => [...staffKeys.remarks(), staffId] as const,
  authTree: () => [...staffKeys.all, 'auth-tree'] as const,
  ownPerms: () => [...staffKeys.all, 'own-perms'] as const,
  netbarOptions: () => [...staffKeys.all, 'netbar-options'] as const,
  area: (userId: number | undefined) => [...staffKeys.all, 'area', userId] as const,
  install: (params: Record<string, unknown>) => [...staffKeys.all, 'install', params] as const,
};
