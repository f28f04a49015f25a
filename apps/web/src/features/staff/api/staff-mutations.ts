import { type MutationConfig, useInvalidatingMutation } from '../../../lib/mutations';
import { type StaffSave, staffApi } from './staff-api';
import { staffKeys } from './staff-keys';

/** The staff writes (decision 090): a refused call is shown by the request client and not rethrown. */

type Config = MutationConfig<unknown>;

/** Register (no id) or edit (id) a staff member. */
export const useSaveStaff = (c?: Config) =>
  useInvalidatingMutation(
    (v: StaffSave) => (v.id ? staffApi.edit(v) : staffApi.register(v)),
    [staffKeys.all],
    c,
  );
export const useDeleteStaff = (c?: Config) => useInvalidatingMutation(staffApi.del, [staffKeys.all], c);
/** 授权: menus, netbars and regions. */
export const useSaveGrant = (c?: Config) => useInvalidatingMutation(staffApi.saveArea, [staffKeys.all], c);

export const useAddStaffRemark = (c?: Config) =>
  useInvalidatingMutation(
    (v: { bzId: number; content: string }) => staffApi.addRemark(v.bzId, v.content),
    [staffKeys.remarks()],
    c,
  );
export const useEditStaffRemark = (c?: Config) =>
  useInvalidatingMutation(
    (v: { id: number; content: string }) => staffApi.editRemark(v.id, v.content),
    [staffKeys.remarks()],
    c,
  );
export const useDeleteStaffRemark = (c?: Config) =>
  useInvalidatingMutation(staffApi.delRemark, [staffKeys.remarks()], c);

/** The install statistics export: a download, reloads nothing. */
export const useExportInstall = () => useInvalidatingMutation(staffApi.exportInstall, []);
