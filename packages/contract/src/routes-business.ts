import type { RouteNode } from './route-types';

const perm = (path: string, id: number, title: string, extra: Partial<RouteNode> = {}): RouteNode => ({
  path,
  id,
  title,
  access: 'permission',
  ...extra,
});

/** Netbar-side business routes (goods, orders, shifts, stock, reports, members, netbar staff). */
export const NETBAR_ROUTES: RouteNode[] = [
  perm('/goods', 143, '商品管理', {
    icon: 'ShoppingOutlined',
    children: [
      perm('/goods/class_list', 92, '商品分类'),
      perm('/goods/goods_specifications', 200, '商品规格'),
      perm('/goods/goods_list', 64, '商品列表'),
      perm('/goods/goods_sales_plan', 213, '销售计划'),
      perm('/goods/commodity_promotion', 202, '商品促销'),
      perm('/goods/goods_matter', 207, '原料管理'),
      perm('/goods/goods_group', 267, '商品组合'),
    ],
  }),
  perm('/order', 262, '订单管理', {
    icon: 'ProfileOutlined',
    children: [
      perm('/order/order_list', 264, '购物订单'),
      perm('/order/lease_order_list', 263, '租赁订单'),
      perm('/order/desk_order_list', 265, '桌台订单'),
      // 收银台 opens with its own id or with 购物订单 264 (decision 123); the two action grants are
      // hidden children so the staff grant tree shows them under 订单管理.
      perm('/order/cashier', 2640, '收银台', { opensWith: 264 }),
      // 当前班次: the cashier's own shift (float, petty cash, handover) opens with 购物订单 264 too
      perm('/order/shift', 2643, '当前班次', { opensWith: 264 }),
      // 租赁柜台: rent out, take back, lost/damaged at the counter (no item management) opens with 264 too
      perm('/order/lease_counter', 2644, '租赁柜台', { opensWith: 264 }),
      perm('/order/discount', 2641, '改价/折扣', { hidden: true }),
      perm('/order/refund', 2642, '退款', { hidden: true }),
    ],
  }),
  perm('/shift_management', 150, '交班管理', {
    icon: 'SwapOutlined',
    children: [
      perm('/shift_management/shift_record', 128, '交班记录'),
      perm('/shift_management/shift_summary', 239, '交班汇总'),
    ],
  }),
  perm('/stock', 159, '库存管理', {
    icon: 'DatabaseOutlined',
    children: [
      perm('/stock/stock_list', 73, '库存列表'),
      perm('/stock/historical_Records', 147, '历史记录'),
      perm('/stock/warehousing_list', 1591, '出入库单', { hidden: true }),
      perm('/stock/inventory', 1592, '盘点单', { hidden: true }),
    ],
  }),
  perm('/operating_statements', 235, '经营报表', {
    icon: 'BarChartOutlined',
    children: [
      perm('/operating_statements/computer_statistics', 240, '上机统计'),
      perm('/operating_statements/sales_ranking', 237, '销售排行'),
      perm('/operating_statements/dead_stock', 238, '滞销统计'),
      perm('/operating_statements/operate_statistic', 241, '经营统计'),
      perm('/operating_statements/stock_report', 249, '库存报表'),
      perm('/operating_statements/prize_statistics', 248, '奖品统计'),
    ],
  }),
  perm('/Member', 179, '会员管理', {
    icon: 'CrownOutlined',
    children: [
      perm('/Member/member_manage', 180, '会员管理'),
      perm('/Member/Member_rights', 181, '会员权益'),
      perm('/Member/redemption_record', 182, '兑换记录'),
    ],
  }),
  perm('/NetbarStaffManage', 50, '网吧员工', {
    icon: 'TeamOutlined',
    children: [
      perm('/NetbarStaffManage/staffList', 52, '员工列表'),
      perm('/NetbarStaffManage/staff_performance', 246, '员工提成'),
      perm('/NetbarStaffManage/RewardRecord', 274, '打赏记录'),
      // paying tips out in cash (at a handover too) is an action grant of its own (decision 148)
      perm('/NetbarStaffManage/reward_payout', 2741, '打赏发放', { hidden: true }),
    ],
  }),
];

/** Agent-side routes (netbars, channels, staff, wallet). */
export const AGENT_ROUTES: RouteNode[] = [
  perm('/netbarManage', 3, '网吧管理', {
    icon: 'ShopOutlined',
    children: [
      perm('/netbarManage/list', 4, '网吧列表'),
      perm('/netbarManage/delay_config', 36, '延期配置', { hidden: true }),
    ],
  }),
  perm('/channelManage', 6, '渠道管理', {
    icon: 'ApartmentOutlined',
    children: [
      perm('/channelManage/lowerChannel', 7, '下级渠道'),
      perm('/channelManage/countChannel', 8, '渠道统计'),
    ],
  }),
  perm('/staffManage', 9, '员工管理', {
    icon: 'UsergroupAddOutlined',
    children: [
      perm('/staffManage/staffList', 10, '员工列表'),
      perm('/staffManage/staffEquipment', 11, '员工装机统计'),
    ],
  }),
  perm('/myWallet', 15, '我的钱包', {
    icon: 'WalletOutlined',
    children: [
      perm('/myWallet/fundManage', 16, '资金管理'),
      perm('/myWallet/paymentProfit', 196, '支付分润'),
    ],
  }),
];

/** A netbar owner's merchant onboarding, and the payment company's merchant console (issue 16 item 5, decision 163). */
export const MERCHANT_ROUTES: RouteNode[] = [
  perm('/merchantApply', 6110, '商户进件', { icon: 'ShopOutlined' }),
  perm('/merchantManage', 6100, '商户管理', {
    icon: 'ShopOutlined',
    children: [
      perm('/merchantManage/review', 6101, '进件审核'),
      perm('/merchantManage/list', 6102, '商户列表'),
      perm('/merchantManage/fixed_qrcode_audit', 6120, '固定收款码审核'),
      perm('/merchantManage/reconcile', 6130, '对账'),
      perm('/merchantManage/payment_profit', 6140, '支付分润'),
      perm('/merchantManage/trade', 6150, '交易查询'),
    ],
  }),
];

const app = (segment: string, id: number, title: string, extra: Partial<RouteNode> = {}): RouteNode =>
  perm(`/application_manage/${segment}`, id, title, extra);

/** Marketing and settings applications of a netbar. */
export const APPLICATION_ROUTES: RouteNode[] = [
  perm('/application_manage', 105, '应用管理', {
    icon: 'AppstoreOutlined',
    children: [
      app('index', 10501, '应用中心'),
      app('payment_settings', 10502, '支付设置'),
      app('desktop_settings', 10503, '桌面设置'),
      app('broadcast_settings', 10504, '语音播报设置'),
      app('ActivityGameList', 10505, '赛事活动'),
      app('sctivitysettings/:type', 10506, '活动设置', { hidden: true }),
      app('three_kingdoms_kill/:type', 10507, '三国杀活动设置', { hidden: true }),
      app('handover/cloud_billing', 10508, '云计费交班'),
      app('member_activity_list', 10509, '会员活动'),
      app('member_sign', 10510, '会员签到'),
      app('lucky_blind_box', 10511, '幸运盲盒'),
      app('jiftbag_xchange', 10512, '礼包兑换'),
      app('online_red_envelope', 10513, '线上红包'),
      app('cashier_luck_draw', 10514, '收银抽奖'),
      app('marketing_activity_list', 10515, '营销活动'),
      app('live_draw', 10516, '直播抽奖'),
      app('message', 10517, '短信营销'),
      app('machine_position_diagram', 10518, '机位图'),
      app('equipment_leasing', 10519, '设备租赁'),
      app('secondary_screen', 10520, '副屏设置'),
      app('private_room', 10521, '包间管理'),
      app('siyu', 10522, '私域运营'),
      app('print_template', 10523, '打印模板'),
      // 优惠券 (decision 186): no id in the spec; a console id that opens with 营销活动's grant, which the API checks
      app('coupon', 10530, '优惠券', { opensWith: 10515 }),
    ],
  }),
];
