import type { NetbarStaffRow } from '@netbar/contract';
import { StaffRemarkDrawer } from '../../../components/staff/staff-remark-drawer';
import {
  useAddNetbarStaffRemark,
  useDeleteNetbarStaffRemark,
  useEditNetbarStaffRemark,
} from '../api/netbar-staff-mutations';
import { useNetbarStaffRemarks } from '../api/netbar-staff-queries';

/** 备注: notes about one staff member (netbar_staff_remark_get/add/edit/del with bz_id). */
export function NetbarStaffRemarkDrawer({
  staff,
  onClose,
}: {
  staff: NetbarStaffRow | null;
  onClose: () => void;
}) {
  const calls = {
    list: useNetbarStaffRemarks(staff?.id),
    add: useAddNetbarStaffRemark(),
    edit: useEditNetbarStaffRemark(),
    remove: useDeleteNetbarStaffRemark(),
  };
  return (
    <StaffRemarkDrawer
      staff={staff}
      onClose={onClose}
      calls={calls}
      placeholder="如：周末夜班，会做简餐"
      formName="netbar_staff_remark"
    />
  );
}
