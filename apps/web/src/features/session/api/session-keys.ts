/** The session query keys (decision 090): every session query's key comes from here. */
export const sessionKeys = {
  all: ['session'] as const,
  open: () => [...sessionKeys.all, 'open'] as const,
  history: () => [...sessionKeys.all, 'history'] as const,
  detail: (id: number) => [...sessionKeys.all, 'detail', id] as const,
  plans: () => [...sessionKeys.all, 'plans'] as const,
  areas: () => [...sessionKeys.all, 'areas'] as const,
  levels: () => [...sessionKeys.all, 'levels'] as const,
  computer: (p: object) => [...sessionKeys.all, 'computer', p] as const,
};
