import { z } from 'zod';
import { isIdCardNumber } from './member';
import { ID_MAX, MOBILE_PATTERN, pageQuery } from './validation/fields';
import { intField, optional, text } from './validation/helpers';

/**
 * Merchant onboarding (商户进件, issue 16 item 5, decisions 163 and 164): a netbar owner fills a form in
 * steps (saved as a draft), uploads the documents and submits; the payment company reviews it
 * (approve → 待签约 → 已开通, or reject with a reason). ID and bank card numbers are stored encrypted and
 * only ever shown masked.
 */

export const MERCHANT_STATUSES = [0, 1, 2, 3, 4] as const;
export type MerchantStatus = (typeof MERCHANT_STATUSES)[number];
export const MERCHANT_STATUS_LABELS: Record<MerchantStatus, string> = {
  0: '草稿',
  1: '审核中',
  2: '驳回',
  3: '待签约',
  4: '已开通',
};

export const MERCHANT_TYPE_LABELS: Record<1 | 2, string> = { 1: '个体工商户', 2: '企业' };

export const MERCHANT_DOC_KINDS = ['licence', 'id_front', 'id_back', 'storefront', 'cashier'] as const;
export type MerchantDocKind = (typeof MERCHANT_DOC_KINDS)[number];
export const MERCHANT_DOC_LABELS: Record<MerchantDocKind, string> = {
  licence: '营业执照',
  id_front: '身份证人像面',
  id_back: '身份证国徽面',
  storefront: '门头照',
  cashier: '收银台照',
};
/** A document larger than this is refused (phones take 3-5 MB pictures). */
export const MERCHANT_DOC_MAX_BYTES = 5 * 1024 * 1024;

/** The payment company's moves: 审核中 → 待签约 (approve) or 驳回 (reject); 待签约 → 已开通 (open). */
export const MERCHANT_ACTIONS = ['approve', 'reject', 'open'] as const;
export type MerchantAction = (typeof MERCHANT_ACTIONS)[number];

export const MERCHANT_MSG = {
  notFound: '商户不存在',
  docNotFound: '资料图片不存在',
  legalName: '营业执照名称为2-50个字符',
  shortName: '商户简称为2-20个字符',
  type: '请选择商户类型',
  licenceNo: '统一社会信用代码不正确',
  legalPerson: '法人姓名为1-25个字符',
  idNo: '身份证号码不正确',
  mobile: '手机号格式不正确',
  bank: '请选择结算银行',
  bankUnknown: '结算银行不在可选列表中',
  branch: '开户支行为2-50个字符',
  cardNo: '银行卡号不正确',
  cardHolder: '开户名为1-25个字符',
  province: '请选择省份',
  city: '请选择城市',
  district: '请选择区县',
  region: '省市区不正确',
  address: '详细地址为1-50个字符',
  doc: '请上传资料图片',
  docMissing: (label: string) => `请上传${label}`,
  docKind: '资料类型不正确',
  docWrongKind: (label: string) => `上传的图片不是${label}`,
  image: '只能上传 PNG、JPEG、GIF 或 WebP 图片',
  imageBroken: '图片无法识别，请重新拍摄或选择图片',
  imageTooLarge: '图片不能超过5MB',
  imageRequired: '请选择要上传的图片',
  nameTaken: '该商户名称已被使用',
  notEditable: '只有草稿或驳回的进件可以修改',
  notReviewable: '该进件当前不能执行此操作',
  reason: '驳回原因为2-100个字符',
  action: '审核操作不正确',
  contactName: '联系人为1-10个字符',
  email: '邮箱格式不正确',
  servicePhone: '客服电话为5-20位数字或连字符',
  merchantNo: '商户号为6-32位字母或数字',
  sqbNo: '收钱吧商户号为10-20位数字',
  sqbNotFound: '收钱吧未找到该商户号',
  sqbImported: '该收钱吧商户已导入',
  sqbFrozen: '该收钱吧商户已冻结，不能导入',
  store: '请选择门店',
  storeNotFound: '门店不存在',
  storeName: '门店名称为2-30个字符',
  storeTaken: '该门店已绑定商户',
  notOpened: '商户尚未开通，不能添加门店',
  keyMissing: '资料无法解密：加密密钥与写入时不同，请检查 MERCHANT_FIELD_KEY',
  linkExpired: '图片链接已过期，请刷新',
} as const;

/** The Luhn (mod 10) check of a bank card number: 12-19 digits. */
export function isBankCardNumber(v: string): boolean {
  if (!/^\d{12,19}$/.test(v)) return false;
  let sum = 0;
  for (let i = 0; i < v.length; i++) {
    let d = Number(v[v.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The unified social credit code (GB 32100-2015): 18 characters, the last a mod-31 check. */
export function isCreditCode(v: string): boolean {
  const chars = '0123456789ABCDEFGHJKLMNPQRTUWXY';
  if (!/^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/.test(v)) return false;
  const w = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += chars.indexOf(v[i]!) * w[i]!;
  return chars[(31 - (sum % 31)) % 31] === v[17];
}

/** A number shown to anyone: the first 4 and last 4 characters (ID: 1101**********123X). */
export function maskNumber(v: string): string {
  if (v.length <= 8) return `${v.slice(0, 1)}${'*'.repeat(Math.max(v.length - 2, 1))}${v.slice(-1)}`;
  return `${v.slice(0, 4)}${'*'.repeat(v.length - 8)}${v.slice(-4)}`;
}

const upper = (s: string) => s.replace(/\s+/g, '').toUpperCase();
const digits = (s: string) => s.replace(/[\s-]+/g, '');

const merchantType = z.preprocess(
  (v) => (typeof v === 'string' && /^\d$/.test(v.trim()) ? Number(v) : v),
  z.literal([1, 2], { error: MERCHANT_MSG.type }),
);
const licenceNo = z
  .string({ error: MERCHANT_MSG.licenceNo })
  .transform(upper)
  .refine(isCreditCode, { error: MERCHANT_MSG.licenceNo });
const idNo = z
  .string({ error: MERCHANT_MSG.idNo })
  .transform(upper)
  .refine(isIdCardNumber, { error: MERCHANT_MSG.idNo });
const cardNo = z
  .string({ error: MERCHANT_MSG.cardNo })
  .transform(digits)
  .refine(isBankCardNumber, { error: MERCHANT_MSG.cardNo });
const mobile = z
  .string({ error: MERCHANT_MSG.mobile })
  .trim()
  .regex(MOBILE_PATTERN, { error: MERCHANT_MSG.mobile });
const docId = intField(MERCHANT_MSG.doc, 1, ID_MAX);
const bankCode = text(MERCHANT_MSG.bank, 3, 3, /^\d{3}$/);

/** The form's fields; `required` marks those a submission must carry (a draft may omit any). */
const FIELDS = {
  legal_name: text(MERCHANT_MSG.legalName, 2, 50),
  short_name: text(MERCHANT_MSG.shortName, 2, 20),
  merchant_type: merchantType,
  licence_no: licenceNo,
  legal_person: text(MERCHANT_MSG.legalPerson, 1, 25),
  id_no: idNo,
  mobile,
  bank_code: bankCode,
  bank_branch: text(MERCHANT_MSG.branch, 2, 50),
  card_no: cardNo,
  card_holder: text(MERCHANT_MSG.cardHolder, 1, 25),
  province: text(MERCHANT_MSG.province, 1, 50),
  city: text(MERCHANT_MSG.city, 1, 50),
  district: text(MERCHANT_MSG.district, 1, 50),
  address: text(MERCHANT_MSG.address, 1, 50),
  licence_doc: docId,
  id_front_doc: docId,
  id_back_doc: docId,
  storefront_doc: docId,
  cashier_doc: docId,
} as const;
type FieldName = keyof typeof FIELDS;
export const MERCHANT_FORM_FIELDS = Object.keys(FIELDS) as FieldName[];
/** Numbers kept encrypted: a re-submission may leave them out to keep what is stored. */
export const MERCHANT_SECRET_FIELDS = ['id_no', 'card_no'] as const;

const merchantId = optional(intField(MERCHANT_MSG.notFound, 1, ID_MAX));

/** A form post's empty fields ('' or null) count as not given. */
const dropEmpty = (v: unknown) =>
  v && typeof v === 'object' && !Array.isArray(v)
    ? Object.fromEntries(
        Object.entries(v).filter(
          ([, x]) => x !== null && x !== undefined && !(typeof x === 'string' && x.trim() === ''),
        ),
      )
    : v;

/** add_save: any subset of the form, each given field checked; `id` names the draft to update. */
export const merchantDraftBody = z.preprocess(
  dropEmpty,
  z
    .object(FIELDS)
    .partial()
    .extend({ id: merchantId, step: optional(intField('步骤不正确', 0, 9)) }),
);
export type MerchantDraftBody = z.infer<typeof merchantDraftBody>;

/**
 * add / update: the whole form; id_no, card_no and the documents may be left out when the draft already
 * holds them (the server names the first one missing).
 */
export const merchantSubmitBody = z.object({
  ...FIELDS,
  id: merchantId,
  id_no: optional(idNo),
  card_no: optional(cardNo),
  licence_doc: optional(docId),
  id_front_doc: optional(docId),
  id_back_doc: optional(docId),
  storefront_doc: optional(docId),
  cashier_doc: optional(docId),
});
export type MerchantSubmitBody = z.infer<typeof merchantSubmitBody>;

export const merchantIdQuery = z.object({ id: intField(MERCHANT_MSG.notFound, 1, ID_MAX) });
export const merchantOptionalIdQuery = z.object({ id: merchantId });

export const merchantCheckNameBody = z.object({
  name: text(MERCHANT_MSG.legalName, 2, 50),
  id: merchantId,
});

export const bankListBody = z.object({ keyword: optional(text('关键字最多20个字符', 1, 20)) });

export const merchantDocKindField = z.enum(MERCHANT_DOC_KINDS, { error: MERCHANT_MSG.docKind });

export const merchantDocQuery = z.object({
  id: intField(MERCHANT_MSG.docNotFound, 1, ID_MAX),
  exp: intField(MERCHANT_MSG.linkExpired, 1, Number.MAX_SAFE_INTEGER),
  sig: z
    .string({ error: MERCHANT_MSG.docNotFound })
    .regex(/^[A-Za-z0-9_-]{43}$/, { error: MERCHANT_MSG.docNotFound }),
});
export const merchantDocIdBody = z.object({ doc_id: intField(MERCHANT_MSG.docNotFound, 1, ID_MAX) });

export const merchantStatusBody = z
  .object({
    id: intField(MERCHANT_MSG.notFound, 1, ID_MAX),
    action: z.enum(MERCHANT_ACTIONS, { error: MERCHANT_MSG.action }),
    reason: optional(text(MERCHANT_MSG.reason, 2, 100)),
  })
  .superRefine((b, ctx) => {
    if (b.action === 'reject' && !b.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: MERCHANT_MSG.reason });
  });
export type MerchantStatusBody = z.infer<typeof merchantStatusBody>;

const statusFilter = optional(
  z.preprocess(
    (v) => (typeof v === 'string' && /^\d$/.test(v.trim()) ? Number(v) : v),
    z.literal(MERCHANT_STATUSES, { error: '状态不正确' }),
  ),
);
export const merchantListQuery = pageQuery.extend({
  keyword: optional(text('关键字最多30个字符', 1, 30)),
  status: statusFilter,
});
export type MerchantListQuery = z.infer<typeof merchantListQuery>;

export const merchantMobileBody = z.object({ mobile });
export const merchantNoBody = z.object({
  merchant_no: text(MERCHANT_MSG.merchantNo, 6, 32, /^[A-Za-z0-9]+$/),
});
export const sqbNoQuery = z.object({ merchant_no: text(MERCHANT_MSG.sqbNo, 10, 20, /^\d+$/) });

export const bindStoreBody = z.object({
  id: intField(MERCHANT_MSG.notFound, 1, ID_MAX),
  store_id: intField(MERCHANT_MSG.storeNotFound, 1, ID_MAX),
  netbar_id: intField(MERCHANT_MSG.store, 1, ID_MAX),
});
export const addStoreBody = z.object({
  id: intField(MERCHANT_MSG.notFound, 1, ID_MAX),
  netbar_id: intField(MERCHANT_MSG.store, 1, ID_MAX),
  store_name: optional(text(MERCHANT_MSG.storeName, 2, 30)),
});

export const merchantProfileBody = z.object({
  id: intField(MERCHANT_MSG.notFound, 1, ID_MAX),
  contact_name: text(MERCHANT_MSG.contactName, 1, 10),
  contact_mobile: mobile,
  email: optional(
    z
      .string({ error: MERCHANT_MSG.email })
      .trim()
      .max(100, { error: MERCHANT_MSG.email })
      .regex(/^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/, {
        error: MERCHANT_MSG.email,
      }),
  ),
  service_phone: optional(text(MERCHANT_MSG.servicePhone, 5, 20, /^[\d-]+$/)),
});
export type MerchantProfileBody = z.infer<typeof merchantProfileBody>;

/** A document as the owner and the payment company see it: a signed link that expires. */
export interface MerchantDocView {
  id: number;
  kind: MerchantDocKind;
  url: string;
  expires_at: number;
}

export interface MerchantStoreRow {
  id: number;
  store_no: string;
  store_name: string;
  netbar_id: number | null;
  netbar_name: string;
}

export interface MerchantRow {
  id: number;
  merchant_no: string;
  legal_name: string;
  short_name: string;
  merchant_type: number;
  legal_person: string;
  mobile: string;
  status: MerchantStatus;
  status_label: string;
  source: 'onboard' | 'sqb';
  owner_name: string;
  netbar_name: string;
  submitted_at: string;
  updated_at: string;
}

export interface MerchantDetail extends MerchantRow {
  licence_no: string;
  id_no_mask: string;
  bank_code: string;
  bank_name: string;
  bank_branch: string;
  card_no_mask: string;
  card_holder: string;
  province: string;
  city: string;
  district: string;
  address: string;
  reject_reason: string;
  step: number;
  docs: MerchantDocView[];
  stores: MerchantStoreRow[];
}

export interface BankItem {
  code: string;
  name: string;
}
