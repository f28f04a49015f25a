import { z } from 'zod';
import { itemKindEnum, userTypeEnum } from './enum-schemas';

/**
 * Response rows both sides use (issue 9 A4, decision 091): the server's answer and the console's reading
 * of it come from one schema. The console imports only the inferred types (`import type`), so these
 * schemas cost the shell no zod; a test or a server may parse an answer with them.
 */

/** The logged-in user record of spec section 3 (login, user_info, change_store), exactly these fields. */
export const userRecordSchema = z.object({
  id: z.number().int(),
  user_name: z.string(),
  true_name: z.string(),
  type: userTypeEnum,
  address: z.string(),
  nid: z.number().int(),
  login_id: z.number().int(),
  cid: z.number().int(),
  chain_id: z.number().int(),
  chain_name: z.string(),
  chain_type: z.number().int(),
  change_type: z.number().int(),
  token: z.string(),
  auth: z.object({
    path: z.array(z.object({ id: z.number().int() })),
    btn: z.array(z.object({ name: z.string(), available: z.union([z.boolean(), z.number()]) })),
  }),
});
export type UserRecord = z.infer<typeof userRecordSchema>;

/** One store of get_store_list (the stores a netbar account may switch to). */
export const storeRowSchema = z.object({
  nid: z.number().int(),
  pid: z.number().int(),
  cid: z.number().int(),
  netbar_name: z.string(),
  account_name: z.string(),
  chain_type: z.number().int(),
});
export type StoreRow = z.infer<typeof storeRowSchema>;

/** One SKU or material of goods_item_options (the pickers of documents, recipes, groups and counts). */
export const itemOptionSchema = z.object({
  item_kind: itemKindEnum,
  item_id: z.number().int(),
  /** The good of a SKU; 0 for a material. */
  goods_id: z.number().int(),
  name: z.string(),
  unit: z.string(),
  barcode: z.string(),
  cost_fen: z.number().int(),
  /** 0 for a material. */
  price_fen: z.number().int(),
  has_recipe: z.boolean(),
});
export type ItemOption = z.infer<typeof itemOptionSchema>;

/** The answer of goods_import (dry run or import): counts and the row errors; nothing is written with any error. */
export const importReportSchema = z.object({
  rows: z.number().int(),
  goods: z.number().int(),
  skus: z.number().int(),
  new_categories: z.array(z.string()),
  errors: z.array(z.object({ row: z.number().int(), msg: z.string() })),
  written: z.boolean(),
});
export type ImportReport = z.infer<typeof importReportSchema>;

/** One notice of notice_list: publish_time in epoch seconds, is_read 0/1. */
export const noticeRowSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  publish_time: z.number().int(),
  is_read: z.union([z.boolean(), z.number()]),
});
export type NoticeRow = z.infer<typeof noticeRowSchema>;

/** notice_detail: a notice the user may see (opening it marks it as read). */
export const noticeDetailSchema = noticeRowSchema.omit({ is_read: true }).extend({ content: z.string() });
export type NoticeDetail = z.infer<typeof noticeDetailSchema>;
