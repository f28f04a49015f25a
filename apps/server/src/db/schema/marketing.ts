/** 短信营销 and 私域运营 (migrations 0995 and 0996, decision 179). */
import {
  bigint,
  bigserial,
  date,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { createdAt, storeRow, ts } from './columns.ts';

export const smsCampaigns = pgTable('sms_campaigns', {
  ...storeRow(),
  poolId: integer('pool_id').notNull(),
  name: text('name').notNull(),
  content: text('content').notNull(),
  fullText: text('full_text').notNull(),
  audience: jsonb('audience').notNull().default({}),
  status: text('status').notNull().default('draft'),
  sendAt: ts('send_at'),
  segments: integer('segments').notNull().default(1),
  priceFen: integer('price_fen').notNull().default(0),
  recipients: integer('recipients').notNull().default(0),
  costFen: bigint('cost_fen', { mode: 'number' }).notNull().default(0),
  requestId: text('request_id'),
  createdBy: integer('created_by').notNull().default(0),
  ...createdAt(),
  finishedAt: ts('finished_at'),
});

export const smsRecipients = pgTable('sms_recipients', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  campaignId: integer('campaign_id').notNull(),
  netbarId: integer('netbar_id').notNull(),
  memberId: integer('member_id').notNull(),
  mobile: text('mobile').notNull(),
  status: text('status').notNull().default('queued'),
  error: text('error').notNull().default(''),
  sentAt: ts('sent_at'),
});

export const smsOptOuts = pgTable(
  'sms_opt_outs',
  {
    poolId: integer('pool_id').notNull(),
    memberId: integer('member_id').notNull(),
    source: text('source').notNull(),
    createdBy: integer('created_by').notNull().default(0),
    ...createdAt(),
  },
  (t) => [primaryKey({ columns: [t.poolId, t.memberId] })],
);

export const siyuCodes = pgTable('siyu_codes', {
  ...storeRow(),
  kind: text('kind').notNull(),
  name: text('name').notNull(),
  welcome: text('welcome').notNull().default(''),
  image: text('image').notNull(),
  token: text('token').notNull(),
  status: smallint('status').notNull().default(1),
  ...createdAt(),
});

export const siyuScans = pgTable(
  'siyu_scans',
  {
    codeId: integer('code_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    scans: integer('scans').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.codeId, t.day] })],
);
