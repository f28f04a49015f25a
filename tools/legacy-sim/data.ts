/**
 * The simulator's data, generated on demand from a seeded PRNG (no file on disk): member i of store s is
 * the same on every run and every machine. A few rows are deliberately bad so an importer shows skips:
 * every 1000th row from 17 has a bad mobile, every 1000th from 503 a negative 本金.
 */

import type {
  LegacyCollection,
  LegacyGoods,
  LegacyMember,
} from '../../apps/server/src/modules/legacy-import/connector.ts';

/** The protocol's rows (docs/legacy-connectors.md), as the console's connector reads them, narrowed. */
export type SimMember = LegacyMember & { status: '正常' | '挂失' };
export type SimGoods = LegacyGoods;
export type SimCollection = LegacyCollection & { method: '微信' | '支付宝' };

/** mulberry32 over a 32-bit seed. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const pick = <T>(r: () => number, a: readonly T[]): T => a[Math.floor(r() * a.length)]!;

const SURNAMES = [
  '王',
  '李',
  '张',
  '刘',
  '陈',
  '杨',
  '黄',
  '赵',
  '吴',
  '周',
  '徐',
  '孙',
  '马',
  '朱',
  '胡',
  '郭',
];
const GIVEN = [
  '伟',
  '芳',
  '娜',
  '敏',
  '静',
  '磊',
  '强',
  '洋',
  '勇',
  '军',
  '杰',
  '涛',
  '明',
  '超',
  '霞',
  '平',
  '鹏',
  '辉',
];
const LEVELS = [
  '普通会员',
  '普通会员',
  '普通会员',
  '普通会员',
  '普通会员',
  '普通会员',
  '普通会员',
  '黄金会员',
  '黄金会员',
  '白金会员',
];
const W = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];

/** A valid 18-digit 身份证号 (check digit computed), unique per store and member number. */
function idNumber(store: number, i: number): string {
  const day = new Date(Date.UTC(1975, 0, 1) + Math.floor(i / 999) * 86_400_000);
  const birth = day.toISOString().slice(0, 10).replace(/-/g, '');
  const body = `${110100 + (store % 100)}${birth}${String((i % 999) + 1).padStart(3, '0')}`;
  const sum = [...body].reduce((s, d, k) => s + Number(d) * W[k]!, 0);
  return body + '10X98765432'[sum % 11]!;
}

const pad2 = (n: number) => String(n).padStart(2, '0');
const stamp = (ms: number) => {
  const d = new Date(ms + 8 * 3_600_000);
  return `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())} ${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}:${pad2(d.getUTCSeconds())}`;
};

export function member(store: number, i: number): SimMember {
  const r = rng(store * 1_000_003 + i);
  const id = i % 5 === 0;
  const bad = i % 1000;
  return {
    card_no: id ? idNumber(store, i / 5) : `${store}${String(i).padStart(8, '0')}`,
    card_kind: id ? 1 : 2,
    name: pick(r, SURNAMES) + pick(r, GIVEN) + (r() < 0.5 ? pick(r, GIVEN) : ''),
    mobile:
      bad === 17
        ? '1234567'
        : `1${pick(r, [3, 5, 7, 8, 9])}${String(Math.floor(r() * 1e9)).padStart(9, '0')}`,
    principal_fen: bad === 503 ? -500 : Math.floor(r() * 500) * 100,
    bonus_fen: Math.floor(r() * 50) * 100,
    points: Math.floor(r() * 2000),
    level: pick(r, LEVELS),
    status: r() < 0.01 ? '挂失' : '正常',
    opened_at: stamp(Date.UTC(2018, 0, 1) + Math.floor(r() * 2000 * 86_400) * 1000),
  };
}

/** A member row an importer that follows the console's rules should land (the bad ones are skipped). */
export const importable = (m: SimMember) => m.principal_fen >= 0 && /^1[3-9]\d{9}$/.test(m.mobile);

const GOODS: readonly [string, string, string, number][] = [
  ['饮料', '可口可乐', '瓶', 300],
  ['饮料', '雪碧', '瓶', 300],
  ['饮料', '红牛', '罐', 600],
  ['饮料', '东方树叶', '瓶', 500],
  ['饮料', '农夫山泉', '瓶', 200],
  ['零食', '乐事薯片', '袋', 700],
  ['零食', '卫龙辣条', '袋', 300],
  ['零食', '奥利奥', '盒', 800],
  ['方便面', '康师傅红烧牛肉面', '桶', 600],
  ['方便面', '统一老坛酸菜面', '桶', 600],
  ['方便面', '汤达人', '桶', 900],
  ['小吃', '烤肠', '根', 400],
  ['小吃', '茶叶蛋', '个', 250],
  ['小吃', '鸡腿饭', '份', 1800],
];

export function goodsOf(store: number): SimGoods[] {
  return GOODS.map(([category, name, unit, price], k) => {
    const r = rng(store * 7919 + k);
    return {
      name,
      category,
      unit,
      price_fen: price,
      member_price_fen: price - 50 * Math.floor(r() * 2),
      cost_fen: Math.floor(price * 0.6),
      barcode: `69${String(store).padStart(5, '0')}${String(k).padStart(6, '0')}`,
      stock: 20 + Math.floor(r() * 200),
    };
  });
}

/** Online-collection records: one every 7 hours back from 2026-10-01 00:00 (Beijing). */
export function collection(store: number, i: number): SimCollection {
  const r = rng(store * 104_729 + i);
  return {
    trade_no: `T${store}${String(i).padStart(8, '0')}`,
    paid_at: stamp(Date.UTC(2026, 8, 30, 16) - (i + 1) * 7 * 3_600_000 + Math.floor(r() * 3_600) * 1000),
    amount_fen: (1 + Math.floor(r() * 200)) * 100,
    method: r() < 0.6 ? '微信' : '支付宝',
    payer: `${pick(r, SURNAMES)}*`,
  };
}

export interface Summary {
  members: number;
  principal_fen: number;
  bonus_fen: number;
  points: number;
  /** What an importer following the console's rules lands (bad mobile and negative 本金 skipped). */
  importable: { members: number; principal_fen: number; bonus_fen: number; points: number };
  goods: number;
  stock: number;
  collections: number;
  collection_fen: number;
}

export function summaryOf(store: number, members: number, collections: number): Summary {
  const s: Summary = {
    members,
    principal_fen: 0,
    bonus_fen: 0,
    points: 0,
    importable: { members: 0, principal_fen: 0, bonus_fen: 0, points: 0 },
    goods: 0,
    stock: 0,
    collections,
    collection_fen: 0,
  };
  for (let i = 0; i < members; i++) {
    const m = member(store, i);
    s.principal_fen += m.principal_fen;
    s.bonus_fen += m.bonus_fen;
    s.points += m.points;
    if (!importable(m)) continue;
    s.importable.members++;
    s.importable.principal_fen += m.principal_fen;
    s.importable.bonus_fen += m.bonus_fen;
    s.importable.points += m.points;
  }
  const g = goodsOf(store);
  s.goods = g.length;
  s.stock = g.reduce((a, x) => a + x.stock, 0);
  for (let i = 0; i < collections; i++) s.collection_fen += collection(store, i).amount_fen;
  return s;
}
