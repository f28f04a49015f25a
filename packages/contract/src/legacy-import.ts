import { z } from 'zod';
import { isCalendarDate } from './agent';
import { ID_MAX, pageQuery } from './validation/fields';
import { intField, optional } from './validation/helpers';

/**
 * 从旧系统导入 (issue 19 items 3 and 5, decision 194): the import dialog logs in to the store's old product
 * (its connector, docs/legacy-connectors.md), picks one of that account's stores and imports its members,
 * goods and online collection into the caller's current store, polling the progress every 3 s.
 */

/** Source products (spec §3): 9 and 10 are the partner product's 4.0 and 5.0, 7 has two variants. */
export const LEGACY_PRODUCTS = [9, 10, 4, 12, 13, 0, 8, 14, 15, 17, 7] as const;
export type LegacyProduct = (typeof LEGACY_PRODUCTS)[number];
export const LEGACY_PRODUCT_LABELS: Record<LegacyProduct, string> = {
  9: '合作伙伴网吧系统4.0',
  10: '合作伙伴网吧系统5.0',
  4: '第三方网吧产品（4）',
  12: '第三方网吧产品（12）',
  13: '第三方网吧产品（13）',
  0: '第三方网吧产品（0）',
  8: '第三方网吧产品（8）',
  14: '第三方网吧产品（14）',
  15: '第三方网吧产品（15）',
  17: '第三方网吧产品（17）',
  7: '网吧管理产品',
};
export const LEGACY_VARIANTS = ['housekeeper', 'pubwinol'] as const;
/** Products whose password the console sends as MD5 hex (spec §5). */
export const LEGACY_HASHED_PRODUCTS: readonly LegacyProduct[] = [9, 10];

/** Spec §5 messages, and the server's. */
export const LEGACY_MSG = {
  product: '请选择产品',
  account: '请输入账号',
  password: '请输入密码',
  code: '请输入验证码',
  smsFirst: '请先获取验证码',
  netbar: '请选择网吧',
  busy: '该门店已有数据导入正在进行，请等待完成后再试',
  loginFirst: '请先登录旧系统账号',
  notOfAccount: '该网吧不属于当前登录的旧系统账号',
} as const;

/** Login codes (spec §4): 0 success, 1 wrong password, 2 SMS code needed, 3 SMS sent (resend in 180 s), 4 locked, 5 image code needed. */
export type LegacyLoginCode = 0 | 1 | 2 | 3 | 4 | 5;
export interface LegacyStore {
  id: number;
  name: string;
}
/**
 * The import login result {code, msg, data}: code 0 → data = the account's stores; 3 → {wait} (seconds
 * before another SMS); 5 → {image} (an svg data URL); otherwise null.
 */
export interface LegacyLoginResult {
  code: LegacyLoginCode;
  msg: string;
  data: LegacyStore[] | { wait: number } | { image: string } | null;
}

/**
 * Import progress (spec §3), of the caller's store's running or last import: total = rows of the source,
 * com = rows done (written, matched or skipped), member = rows that created a record, right = rows that
 * matched one already here, failed = rows skipped with a reason; end = 1 when the import is over.
 */
export interface ImportSchedule {
  total: number;
  com: number;
  member: number;
  right: number;
  failed: number;
  end: 0 | 1;
  /** Extra, for the dialog's text: which import, and its error when it failed. */
  kind: 'member' | 'goods' | 'collection' | '';
  status: 'running' | 'done' | 'failed' | '';
  msg: string;
  /**
   * While running: 下载中 (members read from the source, com stays 0), 校验中 (the dry run, com stays 0),
   * 导入中 (com counts rows done); '' when not running.
   */
  phase: ImportPhase;
}
export const IMPORT_PHASES = ['下载中', '校验中', '导入中'] as const;
export type ImportPhase = (typeof IMPORT_PHASES)[number] | '';

const productField = z.preprocess(
  (v) => (v === '' || v === undefined || v === null ? undefined : Number(v)),
  z
    .number({ error: LEGACY_MSG.product })
    .refine((n) => (LEGACY_PRODUCTS as readonly number[]).includes(n), { error: LEGACY_MSG.product }),
);
const codeField = optional(z.string().trim().max(12, { error: '验证码最多12个字符' }));

/** verify_old_panda_account / verify_panda_account: product 9 / 10 login (password MD5 hex). */
export const pandaVerifyBody = z.object({
  user_name: z
    .string({ error: LEGACY_MSG.account })
    .trim()
    .min(1, { error: LEGACY_MSG.account })
    .max(50, { error: '账号最多50个字符' }),
  password: z
    .string({ error: LEGACY_MSG.password })
    .min(1, { error: LEGACY_MSG.password })
    .max(128, { error: '密码最多128个字符' }),
  /** The image code (login code 5). */
  code: codeField,
  /** The SMS code (login code 2). */
  sms_code: codeField,
  /** '1': send the SMS code (answers code 3) instead of logging in. */
  send_sms: optional(z.enum(['0', '1'], { error: '参数错误' })),
});
export type PandaVerifyBody = z.infer<typeof pandaVerifyBody>;

/** /businessimport/login: any product. */
export const businessLoginBody = pandaVerifyBody.extend({
  product: productField,
  variant: optional(z.enum(LEGACY_VARIANTS, { error: '请选择产品版本' })),
});
export type BusinessLoginBody = z.infer<typeof businessLoginBody>;

/** The import calls: the source store (an id of the logged-in account's store list). */
export const legacyNetbarBody = z.object({ netbar_id: intField(LEGACY_MSG.netbar, 1, ID_MAX) });
export type LegacyNetbarBody = z.infer<typeof legacyNetbarBody>;
/** netbar_import_fsyg_goods: the online collection of any product. */
export const legacyCollectionBody = legacyNetbarBody.extend({ product: productField });
/** /businessimport/code: the image code of the chosen product's account. */
export const legacyCodeQuery = z.object({
  product: productField,
  user_name: optional(z.string().trim().max(50, { error: '账号最多50个字符' })),
});

/** 历史导入 online-collection records (read-only: never refundable). */
export interface ImportedCollectionRow {
  id: number;
  product: number;
  product_name: string;
  trade_no: string;
  paid_at: string;
  amount_fen: number;
  method: string;
  payer: string;
  /** Always 历史导入. */
  source: string;
}

const dayField = (msg: string) =>
  optional(z.string({ error: msg }).trim().refine(isCalendarDate, { error: msg }));

/** imported_collection_list / _export: the store's 历史导入 records, paid on Beijing days start..end. */
export const importedCollectionQuery = pageQuery
  .extend({
    start: dayField('开始日期格式为YYYY-MM-DD'),
    end: dayField('结束日期格式为YYYY-MM-DD'),
  })
  .refine((q) => !q.start || !q.end || q.start <= q.end, { error: '开始日期不能晚于结束日期' });
export type ImportedCollectionQuery = z.infer<typeof importedCollectionQuery>;
