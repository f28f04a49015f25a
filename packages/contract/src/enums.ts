/** Enumerations of spec section 3 (stock documents: stock-docs.ts, import products: import-products.ts). */

export const ShelfStatus = { On: 1, Off: 2 } as const;
export type ShelfStatusValue = (typeof ShelfStatus)[keyof typeof ShelfStatus];
export const SHELF_STATUS_LABELS: Record<ShelfStatusValue, string> = { 1: '上架', 2: '下架' };

export type CustomColourValue = 1 | 2 | 3 | 4 | 5 | 6;
export const CUSTOM_COLOURS: Record<CustomColourValue, { hex: string; name: string }> = {
  1: { hex: '#f5222d', name: '红色' },
  2: { hex: '#fa8c16', name: '橙色' },
  3: { hex: '#fadb14', name: '黄色' },
  4: { hex: '#52c41a', name: '绿色' },
  5: { hex: '#1677ff', name: '蓝色' },
  6: { hex: '#722ed1', name: '紫色' },
};

export const ActivityKind = {
  League_of_Heroes: 'League_of_Heroes',
  Forever: 'Forever',
  PUBG: 'PUBG',
  Yunding: 'Yunding',
  ThreeKingdomsKill: 'ThreeKingdomsKill',
} as const;
export type ActivityKindValue = keyof typeof ActivityKind;
export const ACTIVITY_KIND_LABELS: Record<ActivityKindValue, string> = {
  League_of_Heroes: '英雄联盟',
  Forever: '永劫无间',
  PUBG: '绝地求生',
  Yunding: '云顶之弈',
  ThreeKingdomsKill: '三国杀',
};
export function isActivityKind(v: unknown): v is ActivityKindValue {
  return typeof v === 'string' && Object.hasOwn(ActivityKind, v);
}

export const LeagueKind = { League: 'League', League_yunding: 'League_yunding' } as const;
export type LeagueKindValue = keyof typeof LeagueKind;
export const LEAGUE_KIND_LABELS: Record<LeagueKindValue, string> = {
  League: '英雄联盟联赛',
  League_yunding: '云顶之弈联赛',
};

export const BlindBoxKind = {
  Lucky_blind_box: 'Lucky_blind_box',
  gift_bag_exchange: 'gift_bag_exchange',
} as const;
export type BlindBoxKindValue = keyof typeof BlindBoxKind;
export const BLIND_BOX_KIND_LABELS: Record<BlindBoxKindValue, string> = {
  Lucky_blind_box: '幸运盲盒',
  gift_bag_exchange: '礼包兑换',
};

export const ScopeMode = { Ordinary: 'ordinary', Custom: 'custom' } as const;
export type ScopeModeValue = (typeof ScopeMode)[keyof typeof ScopeMode];
export const SCOPE_MODE_LABELS: Record<ScopeModeValue, string> = { ordinary: '普通', custom: '自定义' };

export const BatchMode = { Ordinary: 'ordinary', Batch: 'batch' } as const;
export type BatchModeValue = (typeof BatchMode)[keyof typeof BatchMode];
export const BATCH_MODE_LABELS: Record<BatchModeValue, string> = { ordinary: '普通', batch: '批量' };

export const ScopeRule = { Exclude: 'exclude', Apply: 'apply' } as const;
export type ScopeRuleValue = (typeof ScopeRule)[keyof typeof ScopeRule];
export const SCOPE_RULE_LABELS: Record<ScopeRuleValue, string> = { exclude: '排除', apply: '适用' };

export const EditMode = { Add: 'add', Edit: 'edit' } as const;
export type EditModeValue = (typeof EditMode)[keyof typeof EditMode];
export const EDIT_MODE_LABELS: Record<EditModeValue, string> = { add: '新增', edit: '编辑' };

export const ItemKind = { Goods: 'goods', Mater: 'mater' } as const;
export type ItemKindValue = (typeof ItemKind)[keyof typeof ItemKind];
export const ITEM_KIND_LABELS: Record<ItemKindValue, string> = { goods: '商品', mater: '原料' };

/** Message kinds of the cashier / client channel. */
export const MessageKind = {
  UNKNOWN: -1,
  PING: 1,
  BUY: 2,
  BUY_DONE: 3,
  CALL: 4,
  CALL_DOWN: 5,
  ALL: 6,
} as const;
export type MessageKindValue = (typeof MessageKind)[keyof typeof MessageKind];
export const MESSAGE_KIND_LABELS: Record<MessageKindValue, string> = {
  [-1]: '未知',
  1: '心跳',
  2: '购买',
  3: '购买完成',
  4: '呼叫',
  5: '呼叫已处理',
  6: '全部',
};
