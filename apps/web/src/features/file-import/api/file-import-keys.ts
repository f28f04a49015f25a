/** The file import's query keys (decision 090): every write reloads `all` (history, the open job). */
export const fileImportKeys = {
  all: ['file-import'] as const,
  list: () => [...fileImportKeys.all, 'list'] as const,
  detail: (id: number) => [...fileImportKeys.all, 'detail', id] as const,
  reconcile: (id: number) => [...fileImportKeys.all, 'reconcile', id] as const,
};
