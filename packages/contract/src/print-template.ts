import { z } from 'zod';
import { jsonArray } from './goods';
import { ID_MAX } from './validation/fields';
import { intField, optional, plainString, text } from './validation/helpers';

/**
 * Receipt templates (application print_template 10523, decision 129): which fields a sales receipt, top-up
 * receipt, lease slip or handover slip prints, in what order and alignment, on 58 or 80 mm thermal paper.
 * The renderer (print-receipt.ts) is pure and shared: the web's preview with sample data and the printed
 * receipt are the same text.
 */

export const PRINT_KINDS = ['sale', 'topup', 'lease', 'handover'] as const;
export type PrintKind = (typeof PRINT_KINDS)[number];
export const PRINT_KIND_LABELS: Record<PrintKind, string> = {
  sale: '销售小票',
  topup: '充值小票',
  lease: '租赁单',
  handover: '交班单',
};

export const PAPER_WIDTHS = [58, 80] as const;
export type PaperWidth = (typeof PAPER_WIDTHS)[number];
/** Characters per line of a 58 / 80 mm printer's standard font; a CJK character takes two. */
export const PAPER_COLUMNS: Record<PaperWidth, number> = { 58: 32, 80: 48 };

export const ALIGNS = ['left', 'center', 'right'] as const;
export type Align = (typeof ALIGNS)[number];
export const ALIGN_LABELS: Record<Align, string> = { left: '左对齐', center: '居中', right: '右对齐' };

/**
 * How a field prints: `text` one line `标签：值` (`bare` without the label), `table` the rows of a list
 * (商品明细, 收款明细), `rule` a dashed line (分隔线, may appear several times), `qr` a QR code of the
 * field's link with its text above (私域二维码, decision 183: the store's 私域 code and its /s/ scan link).
 */
export type FieldShape = 'text' | 'bare' | 'table' | 'rule' | 'qr';
export interface PrintFieldDef {
  key: string;
  label: string;
  shape: FieldShape;
}

const f = (key: string, label: string, shape: FieldShape = 'text'): PrintFieldDef => ({ key, label, shape });
const STORE = f('store_name', '店名', 'bare');
const RULE = f('divider', '分隔线', 'rule');
const TIME = f('time', '时间');
const CASHIER = f('cashier', '收银员');
/** The store's first 私域 code (siyu, decision 179/183): its welcome text and its counted /s/ link as a QR. */
const SIYU = f('siyu', '私域二维码', 'qr');

/** The fields a template of each kind may place, in their default order. */
export const PRINT_FIELDS: Record<PrintKind, readonly PrintFieldDef[]> = {
  sale: [
    STORE,
    f('order_no', '单号'),
    CASHIER,
    TIME,
    f('seat', '座位/桌台'),
    f('member', '会员'),
    RULE,
    f('items', '商品明细', 'table'),
    f('total', '合计'),
    f('discount', '优惠'),
    // 抹分 (decision 143): the 分 a cash payment did not take, part of 优惠
    f('rounding', '抹零'),
    f('pay_method', '支付方式'),
    f('paid', '实收'),
    f('change', '找零'),
    f('balance', '余额'),
    f('remark', '备注'),
    SIYU,
  ],
  topup: [
    STORE,
    f('order_no', '单号'),
    CASHIER,
    TIME,
    RULE,
    f('member', '会员'),
    f('card_no', '卡号'),
    f('amount', '充值金额'),
    f('bonus', '赠送'),
    f('pay_method', '支付方式'),
    f('balance', '余额'),
    f('remark', '备注'),
  ],
  lease: [
    STORE,
    f('lease_no', '租赁单号'),
    CASHIER,
    f('customer', '租用人'),
    RULE,
    f('item', '租赁物品'),
    f('qty', '数量'),
    f('price', '计费'),
    f('deposit', '押金'),
    f('rented_at', '租出时间'),
    f('expected_return_at', '预计归还'),
    f('returned_at', '归还时间'),
    f('fee', '租金'),
    f('refund', '退还押金'),
    f('remark', '备注'),
  ],
  handover: [
    STORE,
    f('shift_no', '班次号'),
    f('cashier', '交班人'),
    f('opened_at', '开班时间'),
    f('closed_at', '交班时间'),
    RULE,
    f('float', '备用金'),
    f('methods', '收款明细', 'table'),
    f('expected', '应有现金'),
    f('counted', '实点现金'),
    f('over_short', '长短款'),
    f('reason', '长短款原因'),
    f('next_cashier', '接班人'),
    f('remark', '备注'),
  ],
};

export const fieldDef = (kind: PrintKind, key: string) => PRINT_FIELDS[kind].find((d) => d.key === key);

export interface PrintField {
  key: string;
  show: boolean;
  align: Align;
}

export interface PrintTemplateShape {
  kind: PrintKind;
  paper_mm: PaperWidth;
  title: string;
  header: string;
  footer: string;
  fields: PrintField[];
}

export const PRINT_TEXT_MAX = 200;
export const PRINT_FIELDS_MAX = 40;

/** The template a store prints with until it saves one of its own (私域二维码 is the owner's choice: hidden). */
export function builtinTemplate(kind: PrintKind, paper_mm: PaperWidth = 58): PrintTemplateShape {
  return {
    kind,
    paper_mm,
    title: PRINT_KIND_LABELS[kind],
    header: '',
    footer: kind === 'sale' ? '谢谢惠顾，欢迎再次光临' : '',
    fields: PRINT_FIELDS[kind].map((d) => ({
      key: d.key,
      show: d.shape !== 'qr',
      align: d.shape === 'bare' || d.shape === 'qr' ? 'center' : 'left',
    })),
  };
}

const fieldItem = z.object({
  key: z.string({ error: '字段不正确' }).max(30, { error: '字段不正确' }),
  show: z.boolean({ error: '字段显示设置不正确' }),
  align: z.enum(ALIGNS, { error: '请选择对齐方式' }),
});

const freeText = (label: string) =>
  optional(
    plainString(`${label}最多${PRINT_TEXT_MAX}个字符`).max(PRINT_TEXT_MAX, {
      error: `${label}最多${PRINT_TEXT_MAX}个字符`,
    }),
  ).transform((v) => v ?? '');

export const printTemplateSaveBody = z
  .object({
    id: optional(intField('参数错误', 1, ID_MAX)),
    kind: z.enum(PRINT_KINDS, { error: '请选择模板类型' }),
    name: text('模板名称为1-20个字符', 1, 20),
    paper_mm: z.preprocess(
      (v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
      z.literal([58, 80], { error: '纸张宽度只能是58mm或80mm' }),
    ),
    title: optional(text('标题最多30个字符', 1, 30)).transform((v) => v ?? ''),
    header: freeText('页眉'),
    footer: freeText('页脚'),
    fields: jsonArray(fieldItem, '请选择打印字段').refine((a) => a.length <= PRINT_FIELDS_MAX, {
      error: `打印字段最多${PRINT_FIELDS_MAX}个`,
    }),
    /** Make it the store's default for its kind at once. */
    is_default: optional(
      z.preprocess((v) => v === '1' || v === 'true' || v === true, z.boolean({ error: '参数错误' })),
    ),
  })
  .superRefine((b, ctx) => {
    const seen = new Set<string>();
    for (const [i, x] of b.fields.entries()) {
      const d = fieldDef(b.kind, x.key);
      if (!d) {
        ctx.addIssue({
          code: 'custom',
          path: ['fields', i],
          message: `${PRINT_KIND_LABELS[b.kind]}没有该字段`,
        });
        return;
      }
      if (d.shape !== 'rule' && seen.has(x.key)) {
        ctx.addIssue({ code: 'custom', path: ['fields', i], message: `字段“${d.label}”重复` });
        return;
      }
      seen.add(x.key);
    }
    if (!b.fields.some((x) => x.show))
      ctx.addIssue({ code: 'custom', path: ['fields'], message: '请至少显示一个打印字段' });
  });
export type PrintTemplateSaveBody = z.infer<typeof printTemplateSaveBody>;

export const printKindQuery = z.object({ kind: z.enum(PRINT_KINDS, { error: '请选择模板类型' }) });
export const printTemplateListQuery = z.object({
  kind: optional(z.enum(PRINT_KINDS, { error: '请选择模板类型' })),
});
export const printTemplateIdBody = z.object({ id: intField('参数错误', 1, ID_MAX) });

export interface PrintTemplateRow extends PrintTemplateShape {
  /** 0 for the built-in template (not saved). */
  id: number;
  name: string;
  is_default: boolean;
  builtin: boolean;
  updated_at: string;
}

/** A row of a table field: 商品明细 (name, qty, amount) or 收款明细 (name, amount). */
export interface ReceiptTableRow {
  name: string;
  qty?: string;
  amount: string;
}
/**
 * What a receipt prints: text per field key (money already formatted), rows per table field; a `qr` field
 * is its link under its key and the text above it under `<key>_text`.
 */
export type ReceiptData = Record<string, string | ReceiptTableRow[] | undefined>;

/** The 私域 code a receipt prints (the store's first code; null when siyu is off or has no code). */
export interface ReceiptSiyuCode {
  name: string;
  welcome: string;
  /** Absolute scan link (…/s/<token>): the scan is counted, then the code's picture is shown. */
  link: string;
}

/** `/print_template_default`: the template, and the 私域 code when the template shows 私域二维码. */
export interface PrintTemplateForPrint extends PrintTemplateRow {
  siyu_code: ReceiptSiyuCode | null;
}

/** A receipt's 私域二维码 data (its link and the text printed above the code). */
export function siyuReceiptData(code: ReceiptSiyuCode | null | undefined): ReceiptData {
  if (!code) return {};
  return { siyu: code.link, siyu_text: code.welcome || `扫码加入${code.name}` };
}

export { SAMPLE_RECEIPT_DATA } from './print-samples';
