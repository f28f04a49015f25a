import { type MutationConfig, useInvalidatingMutation } from '../../../lib/mutations';
import { type NetbarStaffSave, netbarStaffApi } from './netbar-staff-api';
import { netbarStaffKeys } from './netbar-staff-keys';

/** The netbar staff writes (decision 090): a refused call is shown by the request client. */

type Config = MutationConfig<unknown>;
const all = [netbarStaffKeys.all];

/** Add (no id) or edit (id) a staff member. */
export const useSaveNetbarStaff = (c?: Config) =>
  useInvalidatingMutation(
    (v: NetbarStaffSave) => (v.id ? netbarStaffApi.edit(v) : netbarStaffApi.add(v)),
    all,
    c,
  );
export const useSetStaffStatus = (c?: Config) => useInvalidatingMutation(netbarStaffApi.setStatus, all, c);
export const useResetStaffPassword = (c?: Config) =>
  useInvalidatingMutation(netbarStaffApi.resetPassword, all, c);
export const useGrantNetbarStaff = (c?: Config) => useInvalidatingMutation(netbarStaffApi.grant, all, c);

const remarks = [netbarStaffKeys.remarks()];
export const useAddNetbarStaffRemark = (c?: Config) =>
  useInvalidatingMutation(netbarStaffApi.addRemark, remarks, c);
export const useEditNetbarStaffRemark = (c?: Config) =>
  useInvalidatingMutation(netbarStaffApi.editRemark, remarks, c);
export const useDeleteNetbarStaffRemark = (c?: Config) =>
  useInvalidatingMutation(netbarStaffApi.delRemark, remarks, c);
