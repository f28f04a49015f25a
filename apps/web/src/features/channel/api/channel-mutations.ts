import { type MutationConfig, useInvalidatingMutation } from '../../../lib/mutations';
import { channelApi, type SubAgentSave } from './channel-api';
import { channelKeys } from './channel-keys';

/** The channel writes (decision 090). */

/** Create (no agent_id) or edit (agent_id) a sub-agent: reloads every channel query. */
export const useSaveSubAgent = (c?: MutationConfig<unknown>) =>
  useInvalidatingMutation(
    (v: SubAgentSave) => (v.agent_id ? channelApi.edit(v) : channelApi.create(v)),
    [channelKeys.all],
    c,
  );

/** The statistics export: a download, reloads nothing; a refused one was shown by the request client. */
export const useExportStatics = () => useInvalidatingMutation(channelApi.exportStatics, []);
