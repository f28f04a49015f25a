/** The agreement query keys (decision 090): the public pages and the administrator's version list. */
export const agreementKeys = {
  all: ['agreement'] as const,
  page: (slug: string) => [...agreementKeys.all, 'page', slug] as const,
  versions: () => [...agreementKeys.all, 'versions'] as const,
};
