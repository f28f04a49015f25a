/** The 副屏 query keys (decision 090); a save or a link change invalidates `all`. */
export const screenKeys = {
  all: ['secondary-screen'] as const,
  settings: () => [...screenKeys.all, 'settings'] as const,
  public: (token: string) => [...screenKeys.all, 'public', token] as const,
};
