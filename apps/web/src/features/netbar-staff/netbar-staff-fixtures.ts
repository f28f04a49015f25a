import type { NetbarStaffRow } from '@netbar/contract';

/** Test data of the 员工列表 tests: the owner's stores (get_store_list) and one cashier. */
export const STORES = [
  { nid: 1, pid: 1, cid: 1, netbar_name: '星际网咖旗舰店', account_name: 'demo_netbar', chain_type: 1 },
  { nid: 2, pid: 1, cid: 1, netbar_name: '星际网咖二店', account_name: 'demo_netbar', chain_type: 1 },
];
export const WANG: NetbarStaffRow = {
  id: 31,
  user_name: 'wang_cashier',
  true_name: '王收银',
  mobile: '13800138001',
  role: '收银员',
  status: 1,
  netbar_id: 2,
  netbar_name: '星际网咖二店',
  netbar_ids: [2, 1],
  netbar_names: ['星际网咖二店', '星际网咖旗舰店'],
  perm_ids: [262, 264],
  must_change_password: false,
  created_at: '2026-01-01 10:00:00',
  role_history: [
    { from_day: '2026-01-01', role: '服务员' },
    { from_day: '2026-03-15', role: '收银员' },
  ],
};
