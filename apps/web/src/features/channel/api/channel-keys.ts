/** The channel query keys (decision 090): a saved sub-agent reloads the list, its detail and the statistics. */
export const channelKeys = {
  all: ['channel'] as const,
  list: () => [...channelKeys.all, 'list'] as const,
  detail: (agentId: number | null) => [...channelKeys.all, 'detail', agentId] as const,
  regInfo: () => [...channelKeys.all, 'reg-info'] as const,
  statics: (params: Record<string, unknown>) => [...channelKeys.all, 'statics', params] as const,
};
