/** The member query keys (decision 090): a money or status change invalidates `all`. */
export const memberKeys = {
  all: ['member'] as const,
  list: () => [...memberKeys.all, 'list'] as const,
  one: (id: number | null) => [...memberKeys.all, 'one', id] as const,
  ledger: (id: number | null) => [...memberKeys.all, 'ledger', id] as const,
  coupons: (id: number) => [...memberKeys.all, 'coupons', id] as const,
  topUpPreview: (member: number, fen: number) => [...memberKeys.all, 'topup-preview', member, fen] as const,
  levels: () => [...memberKeys.all, 'levels'] as const,
  settings: () => [...memberKeys.all, 'settings'] as const,
  redemptions: () => [...memberKeys.all, 'redemptions'] as const,
  scan: (ticket: string) => ['scan-logon', ticket] as const,
};
