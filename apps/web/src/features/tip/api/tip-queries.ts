import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchTipStaff, fetchUnpaid } from './tip-api';
import { tipKeys } from './tip-keys';

/** Per staff member: tips received, paid out, unpaid (every staff member for whoever may pay out). */
export const unpaidQuery = () => queryOptions({ queryKey: tipKeys.unpaid(), queryFn: fetchUnpaid });
export const useUnpaid = (enabled = true) => useQuery({ ...unpaidQuery(), enabled });

/** The store's staff a member may tip. */
export const useTipStaff = (enabled = true) =>
  useQuery({ queryKey: tipKeys.staff(), queryFn: fetchTipStaff, enabled });
