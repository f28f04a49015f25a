export const payLinkKeys = {
  all: ['pay-link'] as const,
  list: () => [...payLinkKeys.all, 'list'] as const,
  payments: (id: number) => [...payLinkKeys.all, 'payments', id] as const,
  info: (token: string) => [...payLinkKeys.all, 'info', token] as const,
};
