/**
 * The 收钱吧 (sqb) aggregator's merchant side (decision 160): what `sqb_info` / `import_sqb` need to link
 * an existing 收钱吧 merchant by its number. The real adapter (收钱吧's open API, terminal activation and
 * signed requests) is a later step; the sandbox answers for the numbers it knows.
 */

export interface SqbStore {
  store_sn: string;
  name: string;
  address: string;
}

export interface SqbMerchant {
  merchant_sn: string;
  name: string;
  contact: string;
  /** Masked: 138****0001. */
  mobile: string;
  /** 正常 (can take payments) or 已冻结. */
  status: '正常' | '已冻结';
  /** Payment ways the merchant has opened. */
  ways: ('wechat' | 'alipay')[];
  stores: SqbStore[];
}

export interface SqbAdapter {
  readonly name: string;
  /** The merchant with this 收钱吧 number, or null when the aggregator knows none. */
  merchantByNo(merchantSn: string): Promise<SqbMerchant | null>;
}

/** A 收钱吧 merchant number: 10-20 digits. */
export const SQB_MERCHANT_SN = /^\d{10,20}$/;

const KNOWN: readonly SqbMerchant[] = [
  {
    merchant_sn: '1680001234567',
    name: '星际网咖（收钱吧）',
    contact: '张店长',
    mobile: '138****0001',
    status: '正常',
    ways: ['wechat', 'alipay'],
    stores: [
      { store_sn: '21590000000001', name: '星际网咖 旗舰店', address: '杭州市西湖区文三路 1 号' },
      { store_sn: '21590000000002', name: '星际网咖 二店', address: '杭州市拱墅区湖墅南路 2 号' },
    ],
  },
  {
    merchant_sn: '1680009876543',
    name: '极速电竞馆',
    contact: '李老板',
    mobile: '139****0002',
    status: '正常',
    ways: ['wechat'],
    stores: [{ store_sn: '21590000000101', name: '极速电竞馆', address: '宁波市鄞州区中山东路 8 号' }],
  },
  {
    merchant_sn: '1680005550000',
    name: '老城网吧',
    contact: '王先生',
    mobile: '137****0003',
    status: '已冻结',
    ways: ['alipay'],
    stores: [{ store_sn: '21590000000201', name: '老城网吧', address: '绍兴市越城区解放路 3 号' }],
  },
];

/** The sandbox aggregator: three known merchants (one frozen); any other well-formed number is unknown. */
export const sandboxSqb: SqbAdapter = {
  name: 'sandbox',
  async merchantByNo(sn) {
    if (!SQB_MERCHANT_SN.test(sn)) return null;
    const m = KNOWN.find((k) => k.merchant_sn === sn);
    return m ? structuredClone(m) : null;
  },
};

let current: SqbAdapter = sandboxSqb;
/** The 收钱吧 adapter in use (the sandbox until a real one is configured). */
export const sqbAdapter = (): SqbAdapter => current;
export function setSqbAdapter(a: SqbAdapter): void {
  current = a;
}
