/** Stock tables (migrations 0400, 0510): documents, levels, the append-only ledger, monthly summary and sales. */
import {
  bigint,
  bigserial,
  date,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const stockDocLines = pgTable('stock_doc_lines', {
  id: serial('id').primaryKey(),
  docId: integer('doc_id').notNull(),
  itemKind: text('item_kind').notNull(),
  itemId: integer('item_id').notNull(),
  qty: bigint('qty', { mode: 'number' }).notNull().default(0),
  costFen: integer('cost_fen').notNull().default(0),
  bookQty: bigint('book_qty', { mode: 'number' }),
  bookLedgerId: bigint('book_ledger_id', { mode: 'number' }),
  countedQty: bigint('counted_qty', { mode: 'number' }),
  movedQty: bigint('moved_qty', { mode: 'number' }),
});

export const stockDocs = pgTable('stock_docs', {
  id: serial('id').primaryKey(),
  netbarId: integer('netbar_id').notNull(),
  docNo: text('doc_no').notNull(),
  docType: text('doc_type').notNull(),
  location: text('location'),
  status: text('status').notNull().default('draft'),
  remark: text('remark').notNull().default(''),
  requestId: text('request_id'),
  createdBy: integer('created_by').notNull(),
  createdName: text('created_name').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
  approvedBy: integer('approved_by'),
  approvedName: text('approved_name').notNull().default(''),
  approvedAt: ts('approved_at'),
  postedBy: integer('posted_by'),
  postedName: text('posted_name').notNull().default(''),
  postedAt: ts('posted_at'),
});

export const stockLedger = pgTable('stock_ledger', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  netbarId: integer('netbar_id').notNull(),
  itemKind: text('item_kind').notNull(),
  itemId: integer('item_id').notNull(),
  location: text('location').notNull(),
  delta: bigint('delta', { mode: 'number' }).notNull(),
  qtyBefore: bigint('qty_before', { mode: 'number' }).notNull(),
  qtyAfter: bigint('qty_after', { mode: 'number' }).notNull(),
  costFen: integer('cost_fen').notNull().default(0),
  valueFen: bigint('value_fen', { mode: 'number' }).notNull().default(0),
  refType: text('ref_type').notNull(),
  docId: integer('doc_id'),
  saleId: integer('sale_id'),
  refNo: text('ref_no').notNull().default(''),
  userId: integer('user_id'),
  userName: text('user_name').notNull().default(''),
  at: ts('at').notNull().defaultNow(),
});

export const stockLevels = pgTable(
  'stock_levels',
  {
    netbarId: integer('netbar_id').notNull(),
    itemKind: text('item_kind').notNull(),
    itemId: integer('item_id').notNull(),
    location: text('location').notNull(),
    qty: bigint('qty', { mode: 'number' }).notNull().default(0),
    valueFen: bigint('value_fen', { mode: 'number' }).notNull().default(0),
    lastLedgerId: bigint('last_ledger_id', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.netbarId, t.itemKind, t.itemId, t.location] })],
);

export const stockMonth = pgTable(
  'stock_month',
  {
    netbarId: integer('netbar_id').notNull(),
    itemKind: text('item_kind').notNull(),
    itemId: integer('item_id').notNull(),
    location: text('location').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    bucket: text('bucket').notNull(),
    qty: bigint('qty', { mode: 'number' }).notNull().default(0),
    valueFen: bigint('value_fen', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.netbarId, t.month, t.itemKind, t.itemId, t.location, t.bucket] })],
);

export const stockSales = pgTable('stock_sales', {
  id: serial('id').primaryKey(),
  netbarId: integer('netbar_id').notNull(),
  requestId: text('request_id').notNull(),
  saleNo: text('sale_no').notNull(),
  lines: jsonb('lines').notNull(),
  userId: integer('user_id').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
