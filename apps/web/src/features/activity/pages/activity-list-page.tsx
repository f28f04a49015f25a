import { ActivityTable } from '../components/activity-table';

/** 会员活动 (/application_manage/member_activity_list 10509): every activity of the store with state and figures. */
export default function ActivityListPage() {
  return <ActivityTable />;
}
