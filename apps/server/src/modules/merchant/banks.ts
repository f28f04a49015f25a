import type { BankItem } from '@netbar/contract';

/**
 * Settlement banks, by their 3-digit bank category code (行别代码) of the People's Bank of China's
 * payment system (CNAPS, 大额/小额支付系统行号的前三位). No kept npm package holds the list: `bankcardinfo`,
 * the only candidate, has no exported list and sends unknown card numbers to a remote API (decision 163).
 * The codes are public and stable; a bank added to CNAPS is one line here.
 */
export const BANKS: readonly BankItem[] = [
  { code: '102', name: '中国工商银行' },
  { code: '103', name: '中国农业银行' },
  { code: '104', name: '中国银行' },
  { code: '105', name: '中国建设银行' },
  { code: '403', name: '中国邮政储蓄银行' },
  { code: '301', name: '交通银行' },
  { code: '302', name: '中信银行' },
  { code: '303', name: '中国光大银行' },
  { code: '304', name: '华夏银行' },
  { code: '305', name: '中国民生银行' },
  { code: '306', name: '广发银行' },
  { code: '307', name: '平安银行' },
  { code: '308', name: '招商银行' },
  { code: '309', name: '兴业银行' },
  { code: '310', name: '上海浦东发展银行' },
  { code: '315', name: '恒丰银行' },
  { code: '316', name: '浙商银行' },
  { code: '318', name: '渤海银行' },
  { code: '319', name: '徽商银行' },
  { code: '313', name: '城市商业银行' },
  { code: '314', name: '农村商业银行' },
  { code: '317', name: '农村合作银行' },
  { code: '320', name: '村镇银行' },
  { code: '402', name: '农村信用合作社' },
  { code: '201', name: '国家开发银行' },
  { code: '202', name: '中国进出口银行' },
  { code: '203', name: '中国农业发展银行' },
];

export const bankByCode = (code: string) => BANKS.find((b) => b.code === code);

export function bankList(keyword?: string): BankItem[] {
  if (!keyword) return [...BANKS];
  return BANKS.filter((b) => b.name.includes(keyword) || b.code.startsWith(keyword));
}
