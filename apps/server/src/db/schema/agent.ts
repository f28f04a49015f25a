/** Agent business tables (migration 0300): netbar records kept by agents, heartbeats, staff areas and remarks. */
import { date, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';

export const netbarAgentInfo = pgTable('netbar_agent_info', {
  netbarId: integer('netbar_id').primaryKey(),
  personUserId: integer('person_user_id'),
  registeredBy: integer('registered_by'),
  delayDays: integer('delay_days').notNull().default(0),
  serverKeyHash: text('server_key_hash'),
  serverKeyAt: ts('server_key_at'),
});

export const netbarRemarks = pgTable('netbar_remarks', {
  id: serial('id').primaryKey(),
  netbarId: integer('netbar_id').notNull(),
  content: text('content').notNull(),
  followDate: date('follow_date', { mode: 'string' }).notNull(),
  createdBy: integer('created_by').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const netbarServerStatus = pgTable('netbar_server_status', {
  netbarId: integer('netbar_id').primaryKey(),
  serverVersion: text('server_version').notNull(),
  ip: text('ip').notNull(),
  machineCount: integer('machine_count').notNull().default(0),
  onlineCount: integer('online_count').notNull().default(0),
  gameUpdateCount: integer('game_update_count').notNull().default(0),
  lastSeen: ts('last_seen').notNull().defaultNow(),
});

export const staffAreaNetbars = pgTable(
  'staff_area_netbars',
  {
    userId: integer('user_id').notNull(),
    netbarId: integer('netbar_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.netbarId] })],
);

export const staffAreaRegions = pgTable(
  'staff_area_regions',
  {
    userId: integer('user_id').notNull(),
    province: text('province').notNull(),
    city: text('city').notNull(),
    district: text('district').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.userId, t.province, t.city, t.district] })],
);

export const staffRemarks = pgTable('staff_remarks', {
  id: serial('id').primaryKey(),
  staffUserId: integer('staff_user_id').notNull(),
  content: text('content').notNull(),
  createdBy: integer('created_by').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
