/** 短信营销 query keys (decision 090): a save, send or cancel reloads `all`. */
export const smsKeys = {
  all: ['sms-marketing'] as const,
  list: () => [...smsKeys.all, 'list'] as const,
  levels: () => [...smsKeys.all, 'levels'] as const,
  estimate: (p: Record<string, unknown>) => [...smsKeys.all, 'estimate', p] as const,
};
