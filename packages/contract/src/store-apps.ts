import { PERM } from './permissions';

/**
 * The application centre (/application_manage/index 10501, decision 174): every child of
 * /application_manage is an app a store enables or disables. A disabled app's menu entry is hidden (the
 * user record's auth.path leaves its id out) and its API refuses (应用未开通); disabling pauses its
 * activities. `defaultOn` apps (settings already in use) are on until switched off; marketing apps are
 * off until the owner enables them. A paid app names the product edition (产品定价) that prices it.
 */
export interface StoreAppDef {
  key: string;
  perm: number;
  title: string;
  desc: string;
  defaultOn: boolean;
  /** The product edition whose price (per machine per month) the app is sold in; absent: free. */
  edition?: string;
  /** Other pages that open with the app's grant and leave the menu with it (优惠券 10530, decision 186). */
  pages?: readonly number[];
}

export const STORE_APPS: readonly StoreAppDef[] = [
  {
    key: 'payment_settings',
    perm: PERM.PAYMENT_SETTINGS,
    title: '支付设置',
    desc: '配置门店的收款方式与支付通道',
    defaultOn: true,
  },
  {
    key: 'desktop_settings',
    perm: PERM.DESKTOP_SETTINGS,
    title: '桌面设置',
    desc: '客户机桌面的壁纸、图标与公告',
    defaultOn: true,
    // 自定义桌面, the editor it opens (decision 192)
    pages: [4001],
  },
  {
    key: 'broadcast_settings',
    perm: PERM.BROADCAST_SETTINGS,
    title: '语音播报设置',
    desc: '上下机、呼叫、下单时的语音播报',
    defaultOn: true,
  },
  {
    key: 'ActivityGameList',
    perm: PERM.ACTIVITY_GAME_LIST,
    title: '赛事活动',
    desc: '英雄联盟、永劫无间、绝地求生等游戏任务与排行榜',
    defaultOn: false,
    edition: '专业版',
  },
  {
    key: 'cloud_billing',
    perm: PERM.CLOUD_BILLING_HANDOVER,
    title: '云计费交班',
    desc: '按设定时间自动交班与交班设置',
    defaultOn: true,
  },
  {
    key: 'member_activity_list',
    perm: PERM.MEMBER_ACTIVITY,
    title: '会员活动',
    desc: '查看本店所有活动的状态、参与人数与奖品发放',
    defaultOn: false,
  },
  {
    key: 'member_sign',
    perm: PERM.MEMBER_SIGN,
    title: '会员签到',
    desc: '会员在客户机每日签到，连续签到领取奖励',
    defaultOn: false,
  },
  {
    key: 'lucky_blind_box',
    perm: PERM.LUCKY_BLIND_BOX,
    title: '幸运盲盒',
    desc: '会员用积分或余额购买盲盒，按公示概率抽取奖品',
    defaultOn: false,
    edition: '专业版',
  },
  {
    key: 'jiftbag_xchange',
    perm: PERM.GIFT_BAG_EXCHANGE,
    title: '礼包兑换',
    desc: '批量或自定义生成礼包码，会员凭码兑换奖励',
    defaultOn: false,
  },
  {
    key: 'online_red_envelope',
    perm: PERM.ONLINE_RED_ENVELOPE,
    title: '线上红包',
    desc: '定时向在线会员发放红包，先到先得',
    defaultOn: false,
    edition: '专业版',
  },
  {
    key: 'cashier_luck_draw',
    perm: PERM.CASHIER_LUCK_DRAW,
    title: '收银抽奖',
    desc: '订单满额时在收银台抽奖',
    defaultOn: false,
    edition: '专业版',
  },
  {
    key: 'marketing_activity_list',
    perm: PERM.MARKETING_ACTIVITY,
    title: '营销活动',
    desc: '充值赠送、首充奖励与生日奖励，以及优惠券',
    defaultOn: false,
    pages: [10530],
  },
  {
    key: 'live_draw',
    perm: PERM.LIVE_DRAW,
    title: '直播抽奖',
    desc: '定时在在线或签到会员中抽奖并实时公布',
    defaultOn: false,
    edition: '专业版',
  },
  {
    key: 'message',
    perm: PERM.SMS_MARKETING,
    title: '短信营销',
    desc: '按会员筛选群发短信，含退订与免打扰时段',
    defaultOn: false,
    edition: '专业版',
  },
  {
    key: 'machine_position_diagram',
    perm: PERM.MACHINE_POSITION_DIAGRAM,
    title: '机位图',
    desc: '按区域摆放机器，查看实时上机状态',
    defaultOn: true,
  },
  {
    key: 'equipment_leasing',
    perm: PERM.EQUIPMENT_LEASING,
    title: '设备租赁',
    desc: '耳机、手柄等设备的出租、归还与押金',
    defaultOn: true,
  },
  {
    key: 'secondary_screen',
    perm: PERM.SECONDARY_SCREEN,
    title: '副屏设置',
    desc: '收银台副屏的广告与支付二维码',
    defaultOn: true,
  },
  {
    key: 'private_room',
    perm: PERM.PRIVATE_ROOM,
    title: '包间管理',
    desc: '包间与桌台的预订、开台与结账',
    defaultOn: true,
  },
  {
    key: 'siyu',
    perm: PERM.SIYU,
    title: '私域运营',
    desc: '门店微信群、公众号与员工企微二维码',
    defaultOn: false,
  },
  {
    key: 'print_template',
    perm: PERM.PRINT_TEMPLATE,
    title: '打印模板',
    desc: '小票与交班单的打印模板',
    defaultOn: true,
  },
];

export const STORE_APP_BY_KEY: ReadonlyMap<string, StoreAppDef> = new Map(STORE_APPS.map((a) => [a.key, a]));
export const STORE_APP_BY_PERM: ReadonlyMap<number, StoreAppDef> = new Map(
  STORE_APPS.map((a) => [a.perm, a]),
);

export const appDisabledMsg = (title: string) => `「${title}」应用未开通，请在应用中心开通`;

/** One card of the application centre. */
export interface StoreAppRow {
  key: string;
  title: string;
  desc: string;
  path: string;
  enabled: boolean;
  /** Paid edition's name and price (per machine per month, fen); '' and 0 when free. */
  edition: string;
  price_fen: number;
  /** Activities of the app running or scheduled (paused ones included). */
  activities: number;
}
