import type { RouteNode } from './route-types';

const node = (
  access: RouteNode['access'],
  path: string,
  id: number,
  title: string,
  extra: Partial<RouteNode> = {},
): RouteNode => ({ path, id, title, access, ...extra });

/** Home pages; /home2 is where a store switch lands. */
export const HOME_ROUTES: RouteNode[] = [
  node('login', '/home', 1001, '首页', { name: 'home', icon: 'HomeOutlined' }),
  node('login', '/home2', 1002, '首页', { name: 'home2', hidden: true }),
];

export const SETTINGS_ROUTES: RouteNode[] = [
  node('permission', '/basicsSettings', 1100, '基础设置', {
    icon: 'SettingOutlined',
    children: [
      node('permission', '/basicsSettings/site_list', 158, '站点设置'),
      node('permission', '/basicsSettings/data_import', 1110, '数据导入'),
    ],
  }),
];

export const PAY_LINK_ROUTES: RouteNode[] = [
  node('permission', '/payLink', 17, '收款链接', { icon: 'LinkOutlined' }),
];

export const USER_ROUTES: RouteNode[] = [
  node('permission', '/user', 19, '个人中心', {
    icon: 'UserOutlined',
    children: [
      node('permission', '/user/info', 1901, '账号信息'),
      node('permission', '/user/safe', 1902, '账号安全'),
      node('permission', '/user/modifyInfo', 1903, '修改资料', { hidden: true }),
      node('permission', '/user/operate_log', 1904, '操作日志'),
    ],
  }),
];

export const NOTICE_ROUTES: RouteNode[] = [
  node('login', '/notice/list', 2001, '消息中心', { name: 'notice_list', icon: 'BellOutlined' }),
  node('login', '/notice/detail/:id', 2002, '公告详情', { name: 'notice_detail', hidden: true }),
];

export const ADMIN_ROUTES: RouteNode[] = [
  node('permission', '/admin', 5000, '系统管理', {
    icon: 'ControlOutlined',
    children: [
      node('permission', '/admin/notice', 5001, '公告管理'),
      node('permission', '/admin/outbox', 5002, '消息发送记录'),
      node('permission', '/admin/agreements', 5003, '协议管理'),
      node('permission', '/admin/agents', 5004, '代理商管理'),
      node('permission', '/admin/recharge', 5005, '充值审核'),
      node('permission', '/admin/products', 5006, '产品定价'),
      node('permission', '/admin/jobs', 5007, '任务队列'),
    ],
  }),
];

const account = (segment: string, id: number, title: string): RouteNode =>
  node('public', `/account/${segment}`, id, title, { name: segment, hidden: true });

export const ACCOUNT_ROUTES: RouteNode[] = [
  node('public', '/account', 3000, '账号', {
    hidden: true,
    children: [
      account('login', 3001, '登录'),
      account('register', 3002, '注册'),
      account('protocol', 3003, '用户协议'),
      account('installation_agreement', 3004, '安装协议'),
      account('registerResult', 3005, '注册结果'),
      account('password', 3006, '找回密码'),
    ],
  }),
];

const agreement = (segment: string, id: number, title: string): RouteNode =>
  node('public', `/${segment}`, id, title, { name: segment, hidden: true });

export const AGREEMENT_ROUTES: RouteNode[] = [
  agreement('online_user', 3101, '用户服务协议'),
  agreement('service_provider', 3102, '服务商协议'),
  agreement('online_protocol', 3103, '在线服务协议'),
  agreement('servece_policy', 3104, '隐私政策'),
  agreement('payment_policy', 3105, '支付服务协议'),
  agreement('message_marketing', 3106, '短信营销服务协议'),
  agreement('multi_xieyi', 3107, '多门店服务协议'),
  agreement('multi_zhengce', 3108, '多门店隐私政策'),
  agreement('activey_market', 3109, '营销活动服务协议'),
];

/** Error pages are open to everybody so that a guard can always send a user there. */
export const ERROR_ROUTES: RouteNode[] = [
  node('public', '/error/404', 3201, '页面不存在', { name: 'error_404', hidden: true }),
  node('public', '/error/403', 3202, '无权限', { name: 'error_403', hidden: true }),
];

export const OTHER_ROUTES: RouteNode[] = [
  // 自定义桌面 opens with 桌面设置's grant too (decision 192): staff granted 10503 edit the desktops it lists
  node('permission', '/custom_desktop', 4001, '自定义桌面', { hidden: true, opensWith: 10503 }),
  node('permission', '/diagram_detail', 4002, '机位图详情', { hidden: true }),
  node('public', '/diagram_preview', 4003, '机位图预览', { hidden: true }),
  node('public', '/jiweitu', 4004, '机位图选择', { hidden: true }),
  /** The member's phone confirms a QR logon at a machine (docs/decisions/113). */
  node('public', '/scan_logon', 4005, '扫码上机', { hidden: true }),
  /** The sandbox acquirer's pay page a payment's QR code opens (docs/decisions/160). */
  node('public', '/pay', 4006, '扫码支付', { hidden: true }),
  /** A store's fixed QR code (decision 162): the customer types the amount, then pays at /pay. */
  node('public', '/pay/code/:token', 4007, '固定收款码付款', { hidden: true }),
  node('public', '/pay/link/:token', 4008, '收款链接付款', { hidden: true }),
  /** The customer-facing screen beside the 收银台, opened with its store's token (decision 191). */
  node('public', '/screen/:token', 4009, '副屏', { hidden: true }),
];
