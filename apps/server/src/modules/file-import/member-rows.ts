import {
  fenToYuan,
  IMPORT_LIMITS,
  isCalendarDate,
  isIdCardNumber,
  MOBILE_PATTERN,
  maskCard,
  yuanToFen,
} from '@netbar/contract';

/**
 * One member row of the file, checked (decision 190): the same limits as the member form (卡号, 姓名,
 * 手机号, 身份证 check digit), amounts in yuan with at most two decimals, never negative. A bad value
 * skips the whole row with its Chinese reason; nothing of it is written.
 */

export interface MemberIn {
  row: number;
  card: string;
  cardKind: 1 | 2;
  name: string;
  mobile: string;
  principal: number;
  bonus: number;
  points: number;
  /** Level name as the file says it ('' = the pool's entry level). */
  level: string;
  openedOn: string;
  /** 1 正常, 2 挂失, 3 禁用 (a new member only: a card already here keeps its status). */
  status: 1 | 2 | 3;
}

export type Checked = { ok: true; m: MemberIn } | { ok: false; reason: string };

const money = (label: string, v: string): number | string => {
  if (v === '') return 0;
  const fen = yuanToFen(v.replace(/[,，¥￥]/g, ''));
  if (fen === undefined) return `${label}金额不正确：${v}（最多两位小数）`;
  if (fen < 0) return `${label}为负数（${v}元），请先在原系统结清后再导入`;
  if (fen > IMPORT_LIMITS.balanceMaxFen)
    return `${label}超出上限（最多${fenToYuan(IMPORT_LIMITS.balanceMaxFen)}元）`;
  return fen;
};

/** 2019-03-01, 2019/3/1, 2019-03-01 12:30:00, 20190301 → 2019-03-01; undefined when it is no day. */
export function normalDate(v: string): string | undefined {
  const m = /^(\d{4})[-/.年]?(\d{1,2})[-/.月]?(\d{1,2})日?(?:[ T]\d{1,2}:\d{2}(?::\d{2})?)?$/.exec(v);
  if (!m) return undefined;
  const d = `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}`;
  return isCalendarDate(d) && d >= '1990-01-01' && d <= '2100-01-01' ? d : undefined;
}

const ID_KIND = /^(1|身份证|二代证|居民身份证)$/;

/** The old product's card status; '' is 正常. A closed card (已退卡, 注销) has nothing to bring over. */
const STATUS: Record<string, 1 | 2 | 3> = { 正常: 1, 启用: 1, 有效: 1, 挂失: 2, 禁用: 3, 冻结: 3, 停用: 3 };

export function checkMember(row: number, get: (key: string) => string): Checked {
  const card = get('card_no').replace(/\s+/g, '').toUpperCase();
  if (!card) return { ok: false, reason: '卡号为空' };
  const kindText = get('card_kind');
  const looksId = /^\d{17}[\dX]$/.test(card);
  const cardKind: 1 | 2 = kindText ? (ID_KIND.test(kindText) ? 1 : 2) : looksId ? 1 : 2;
  if (cardKind === 1 && !isIdCardNumber(card))
    return { ok: false, reason: `身份证号码不正确：${maskCard(card)}` };
  if (cardKind === 2 && !/^[A-Z0-9]{4,32}$/.test(card))
    return { ok: false, reason: `卡号为4-32位字母或数字：${card.slice(0, 40)}` };
  const name = get('name');
  if (!name || name.length > 20) return { ok: false, reason: '姓名为1-20个字符' };
  const mobile = get('mobile').replace(/[\s-]/g, '');
  if (mobile && !MOBILE_PATTERN.test(mobile))
    return { ok: false, reason: `手机号格式不正确：${mobile.slice(0, 20)}` };
  const principal = money('本金', get('principal'));
  if (typeof principal === 'string') return { ok: false, reason: principal };
  const bonus = money('奖励', get('bonus'));
  if (typeof bonus === 'string') return { ok: false, reason: bonus };
  const pt = get('points').replace(/,/g, '');
  const points = pt === '' ? 0 : Number(pt);
  if (!/^\d+$/.test(pt || '0') || points > IMPORT_LIMITS.pointsMax)
    return { ok: false, reason: `积分须为0-${IMPORT_LIMITS.pointsMax}的整数：${pt.slice(0, 20)}` };
  const opened = get('opened_on');
  const openedOn = opened ? normalDate(opened) : '';
  if (openedOn === undefined)
    return { ok: false, reason: `开卡日期不正确：${opened.slice(0, 20)}（格式YYYY-MM-DD）` };
  const statusText = get('card_status');
  const status = statusText ? STATUS[statusText] : 1;
  if (status === undefined)
    return {
      ok: false,
      reason: `卡状态不正确：${statusText.slice(0, 20)}（正常、挂失或禁用；已退卡的会员不导入）`,
    };
  return {
    ok: true,
    m: { row, card, cardKind, name, mobile, principal, bonus, points, level: get('level'), openedOn, status },
  };
}
