import { queryOptions, useQuery } from '@tanstack/react-query';
import { legacyImportApi } from './legacy-import-api';
import { legacyImportKeys } from './legacy-import-keys';

/** The import progress poll (spec section 9: every 3 s until end = 1). */
export const SCHEDULE_POLL_MS = 3000;

export const scheduleQuery = () =>
  queryOptions({ queryKey: legacyImportKeys.schedule(), queryFn: legacyImportApi.schedule, gcTime: 0 });
/** Polled while an import runs (`active`), stopping at end = 1. */
export const useImportSchedule = (active: boolean) =>
  useQuery({
    ...scheduleQuery(),
    enabled: active,
    refetchInterval: (q) => (q.state.data?.end === 1 ? false : SCHEDULE_POLL_MS),
  });
