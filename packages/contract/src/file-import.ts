import { z } from 'zod';
import { MEMBER_BALANCE_MAX_FEN, MEMBER_POINTS_MAX } from './member-fields';
import { ID_MAX, pageQuery } from './validation/fields';
import { intField } from './validation/helpers';

/**
 * 数据导入 from a file (issue 19 item 4, decision 190): members or goods from the xlsx/csv export of the
 * store's old product, mapped column by column (a preset per product), checked row by row (dry run),
 * then written in batches through the member ledger (ledger kind 'import'), resumable and idempotent.
 */

export const FILE_IMPORT_KINDS = ['member', 'goods'] as const;
export type FileImportKind = (typeof FILE_IMPORT_KINDS)[number];
export const FILE_IMPORT_KIND_LABELS: Record<FileImportKind, string> = { member: '会员', goods: '商品' };

/** The fields a column can feed; `required` ones must be mapped. */
export interface ImportField {
  key: string;
  label: string;
  required?: boolean;
}
export const MEMBER_IMPORT_FIELDS: readonly ImportField[] = [
  { key: 'card_no', label: '卡号', required: true },
  { key: 'name', label: '姓名', required: true },
  { key: 'card_kind', label: '证件类型' },
  { key: 'mobile', label: '手机号' },
  { key: 'principal', label: '本金（元）' },
  { key: 'bonus', label: '奖励（元）' },
  { key: 'points', label: '积分' },
  { key: 'level', label: '会员等级' },
  { key: 'opened_on', label: '开卡日期' },
  { key: 'card_status', label: '卡状态' },
];
export const GOODS_IMPORT_FIELDS: readonly ImportField[] = [
  { key: 'name', label: '商品名称', required: true },
  { key: 'category', label: '分类', required: true },
  { key: 'unit', label: '单位' },
  { key: 'price', label: '售价（元）', required: true },
  { key: 'member_price', label: '会员价（元）' },
  { key: 'cost', label: '成本价（元）' },
  { key: 'barcode', label: '条码' },
];
export const importFields = (k: FileImportKind) =>
  k === 'member' ? MEMBER_IMPORT_FIELDS : GOODS_IMPORT_FIELDS;

/**
 * Presets: the header names each source product's export uses (the first that the file holds wins).
 * `generic` is this console's own template; the others name the export they expect.
 */
export interface ImportPreset {
  key: string;
  label: string;
  /** Which export of the old product the preset expects. */
  expects: string;
  headers: Record<FileImportKind, Record<string, readonly string[]>>;
}
export const IMPORT_PRESETS: readonly ImportPreset[] = [
  {
    key: 'generic',
    label: '通用模板',
    expects: '本系统的导入模板，或表头与字段名相同的任意表格（xlsx 或 csv，第一行为表头）',
    headers: {
      member: {
        card_no: ['卡号', '会员卡号', '身份证号'],
        name: ['姓名', '会员姓名'],
        card_kind: ['证件类型'],
        mobile: ['手机号', '手机'],
        principal: ['本金', '本金（元）', '本金(元)'],
        bonus: ['奖励', '奖励（元）', '奖励(元)'],
        points: ['积分'],
        level: ['会员等级', '等级'],
        opened_on: ['开卡日期'],
        card_status: ['卡状态', '状态'],
      },
      goods: {
        name: ['商品名称'],
        category: ['分类'],
        unit: ['单位'],
        price: ['售价', '售价（元）', '售价(元)'],
        member_price: ['会员价', '会员价（元）', '会员价(元)'],
        cost: ['成本价', '成本价（元）', '成本价(元)'],
        barcode: ['条码'],
      },
    },
  },
  {
    key: 'p10',
    label: '合作伙伴网吧系统5.0',
    expects: '会员管理 → 导出会员（含余额），商品管理 → 导出商品；xlsx 或 csv（GBK 或 UTF-8）',
    headers: {
      member: {
        card_no: ['会员卡号', '证件号码'],
        name: ['会员姓名'],
        card_kind: ['证件类型'],
        mobile: ['联系电话'],
        principal: ['账户余额'],
        bonus: ['赠送余额'],
        points: ['会员积分'],
        level: ['会员类型'],
        opened_on: ['开卡时间'],
        card_status: ['卡状态'],
      },
      goods: {
        name: ['商品名'],
        category: ['商品类别'],
        unit: ['计量单位'],
        price: ['零售价'],
        member_price: ['会员价'],
        cost: ['进货价'],
        barcode: ['商品条码'],
      },
    },
  },
  {
    key: 'p7_pubwinol',
    label: '网吧管理产品（在线版）',
    expects: '用户管理 → 用户资料导出，商品 → 商品资料导出；csv（GBK）或 xlsx',
    headers: {
      member: {
        card_no: ['上网卡号', '身份证号码'],
        name: ['用户姓名'],
        card_kind: ['卡类型'],
        mobile: ['手机号码'],
        principal: ['现金余额'],
        bonus: ['奖励余额'],
        points: ['积分'],
        level: ['会员级别'],
        opened_on: ['办卡日期'],
        card_status: ['用户状态', '卡状态'],
      },
      goods: {
        name: ['商品名称'],
        category: ['商品分类'],
        unit: ['单位'],
        price: ['销售价'],
        member_price: ['会员价'],
        cost: ['成本价'],
        barcode: ['条形码'],
      },
    },
  },
];
export const presetOf = (key: string) => IMPORT_PRESETS.find((p) => p.key === key);

/** The file limit: 200 MB holds a 1,000,000-row member export with room to spare. */
export const FILE_IMPORT_MAX_BYTES = 200 * 1024 * 1024;

export const FILE_IMPORT_STATUSES = [
  'uploaded',
  'checking',
  'checked',
  'running',
  'interrupted',
  'done',
  'failed',
] as const;
export type FileImportStatus = (typeof FILE_IMPORT_STATUSES)[number];
export const FILE_IMPORT_STATUS_LABELS: Record<FileImportStatus, string> = {
  uploaded: '待校验',
  checking: '校验中',
  checked: '已校验',
  running: '导入中',
  interrupted: '已中断',
  done: '已完成',
  failed: '失败',
};

export type RowOutcome = 'create' | 'update' | 'skip';
export const ROW_OUTCOME_LABELS: Record<RowOutcome, string> = {
  create: '新增',
  update: '更新',
  skip: '跳过',
};

/** Counts and money totals of a dry run or of what a commit wrote. */
export interface ImportTally {
  rows: number;
  create: number;
  update: number;
  skip: number;
  /** 本金 and 奖励 (fen) of the rows that create members; 0 for goods. */
  principal_fen: number;
  bonus_fen: number;
  points: number;
}
export const emptyTally = (): ImportTally => ({
  rows: 0,
  create: 0,
  update: 0,
  skip: 0,
  principal_fen: 0,
  bonus_fen: 0,
  points: 0,
});

export interface ImportProblem {
  row: number;
  outcome: RowOutcome;
  reason: string;
}

export interface FileImportJob {
  id: number;
  kind: FileImportKind;
  preset: string;
  filename: string;
  size: number;
  status: FileImportStatus;
  headers: string[];
  mapping: Record<string, string>;
  /** The dry run's figures (null before it). */
  check: ImportTally | null;
  /** The first problem rows of the dry run (the whole list is in the downloadable report). */
  problems: ImportProblem[];
  /** What the commit wrote so far. */
  done: ImportTally;
  batches_done: number;
  error: string;
  user_name: string;
  created_at: string;
  finished_at: string;
}

const jobId = intField('参数错误', 1, ID_MAX);
export const fileImportIdQuery = z.object({ id: jobId });
export const fileImportListQuery = pageQuery;
export const fileImportUploadQuery = z.object({
  kind: z.enum(FILE_IMPORT_KINDS, { error: '请选择导入内容' }),
  preset: z
    .string({ error: '请选择来源产品' })
    .refine((v) => !!presetOf(v), { error: '请选择来源产品' })
    .default('generic'),
});
/** The mapping: field key → header text of the file (a JSON object in a form field). */
export const fileImportCheckBody = z.object({
  id: jobId,
  mapping: z.preprocess(
    (v) => {
      if (typeof v !== 'string') return v;
      try {
        return JSON.parse(v);
      } catch {
        return null;
      }
    },
    z.record(z.string().max(40), z.string().max(100), { error: '列对应关系格式不正确' }),
  ),
});
export type FileImportCheckBody = z.infer<typeof fileImportCheckBody>;

export const IMPORT_LIMITS = { balanceMaxFen: MEMBER_BALANCE_MAX_FEN, pointsMax: MEMBER_POINTS_MAX };
