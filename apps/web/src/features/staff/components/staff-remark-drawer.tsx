import type { StaffRow } from '@netbar/contract';
import { StaffRemarkDrawer as RemarkDrawer } from '../../../components/staff/staff-remark-drawer';
import { useAddStaffRemark, useDeleteStaffRemark, useEditStaffRemark } from '../api/staff-mutations';
import { useStaffRemarks } from '../api/staff-queries';

/** 备注: a dated log about one staff member (agent_person_remark_get/add/edit/del with bz_id). */
export function StaffRemarkDrawer({ staff, onClose }: { staff: StaffRow | null; onClose: () => void }) {
  const calls = {
    list: useStaffRemarks(staff?.id),
    add: useAddStaffRemark(),
    edit: useEditStaffRemark(),
    remove: useDeleteStaffRemark(),
  };
  return (
    <RemarkDrawer
      staff={staff}
      onClose={onClose}
      calls={calls}
      placeholder="如：本月完成5家装机，需跟进培训"
      formName="staff_remark"
    />
  );
}
