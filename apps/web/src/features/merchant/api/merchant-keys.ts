/** The merchant query keys (decision 090): every save, submission or review invalidates `all`. */
export const merchantKeys = {
  all: ['merchant'] as const,
  list: () => [...merchantKeys.all, 'list'] as const,
  detail: (id: number) => [...merchantKeys.all, 'detail', id] as const,
  draft: () => [...merchantKeys.all, 'draft'] as const,
  conf: () => [...merchantKeys.all, 'conf'] as const,
  banks: () => ['merchant-banks'] as const,
  regions: (parent: string) => ['merchant-regions', parent] as const,
};
