import { queryOptions, useQuery } from '@tanstack/react-query';
import { channelApi } from './channel-api';
import { channelKeys } from './channel-keys';

export const subAgentDetailQuery = (agentId: number | null) =>
  queryOptions({ queryKey: channelKeys.detail(agentId), queryFn: () => channelApi.get(agentId ?? 0) });
export const useSubAgentDetail = (agentId: number | null) =>
  useQuery({ ...subAgentDetailQuery(agentId), enabled: agentId !== null });

/** The parent channel's name shown on the add form. */
export const regInfoQuery = () =>
  queryOptions({ queryKey: channelKeys.regInfo(), queryFn: channelApi.createInfo });
export const useRegInfo = (enabled: boolean) => useQuery({ ...regInfoQuery(), enabled });

export const channelStaticsQuery = (params: Record<string, unknown>) =>
  queryOptions({ queryKey: channelKeys.statics(params), queryFn: () => channelApi.statics(params) });
export const useChannelStatics = (params: Record<string, unknown>) => useQuery(channelStaticsQuery(params));
