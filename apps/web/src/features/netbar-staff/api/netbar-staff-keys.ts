/** The netbar staff query keys (decision 090): every write reloads `all`, remarks reload `remarks()`. */
export const netbarStaffKeys = {
  all: ['netbar-staff'] as const,
  list: () => [...netbarStaffKeys.all, 'list'] as const,
  stores: () => [...netbarStaffKeys.all, 'stores'] as const,
  authTree: () => [...netbarStaffKeys.all, 'auth-tree'] as const,
  remarks: () => [...netbarStaffKeys.all, 'remarks'] as const,
  remarksOf: (staffId: number | undefined) => [...netbarStaffKeys.remarks(), staffId] as const,
};
