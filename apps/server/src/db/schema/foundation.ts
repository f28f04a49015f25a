import {
  bigserial,
  boolean,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';

export const agents = pgTable('agents', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  parentId: integer('parent_id'),
  ownerUserId: integer('owner_user_id'),
  contact: text('contact').notNull().default(''),
  mobile: text('mobile').notNull().default(''),
  province: text('province').notNull().default(''),
  city: text('city').notNull().default(''),
  district: text('district').notNull().default(''),
  address: text('address').notNull().default(''),
  status: smallint('status').notNull().default(1),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const netbars = pgTable('netbars', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  agentId: integer('agent_id'),
  pid: integer('pid').notNull().default(0),
  chainId: integer('chain_id').notNull().default(0),
  chainName: text('chain_name').notNull().default(''),
  chainType: smallint('chain_type').notNull().default(0),
  brandAdminUserId: integer('brand_admin_user_id'),
  ownerUserId: integer('owner_user_id'),
  contact: text('contact').notNull().default(''),
  mobile: text('mobile').notNull().default(''),
  province: text('province').notNull().default(''),
  city: text('city').notNull().default(''),
  district: text('district').notNull().default(''),
  address: text('address').notNull().default(''),
  machineCount: integer('machine_count').notNull().default(0),
  expireAt: ts('expire_at'),
  status: smallint('status').notNull().default(1),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  userName: text('user_name').notNull(),
  passwordHash: text('password_hash').notNull(),
  type: smallint('type').notNull(),
  trueName: text('true_name').notNull().default(''),
  mobile: text('mobile').notNull().default(''),
  email: text('email').notNull().default(''),
  qq: text('qq').notNull().default(''),
  address: text('address').notNull().default(''),
  postcode: text('postcode').notNull().default(''),
  province: text('province').notNull().default(''),
  city: text('city').notNull().default(''),
  district: text('district').notNull().default(''),
  agentId: integer('agent_id'),
  netbarId: integer('netbar_id'),
  status: smallint('status').notNull().default(1),
  /** A reset password must be changed before the next login (migration 0800). */
  mustChangePassword: boolean('must_change_password').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const staff = pgTable('staff', {
  userId: integer('user_id').primaryKey(),
  agentId: integer('agent_id'),
  netbarId: integer('netbar_id'),
  position: text('position').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const grants = pgTable(
  'grants',
  {
    userId: integer('user_id').notNull(),
    permId: integer('perm_id').notNull(),
    grantedBy: integer('granted_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.permId] })],
);

export interface SessionCtx {
  /** Current store (netbar id) for netbar users and their staff; 0 otherwise. */
  nid: number;
  /** The store the account logged in through. */
  loginNid: number;
  changeType: number;
}

export const sessions = pgTable('sessions', {
  idHash: text('id_hash').primaryKey(),
  tokenHash: text('token_hash').notNull(),
  userId: integer('user_id').notNull(),
  ctx: jsonb('ctx').$type<SessionCtx>().notNull(),
  ip: text('ip').notNull().default(''),
  userAgent: text('user_agent').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
  lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
});

export const kv = pgTable('kv', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  expiresAt: ts('expires_at'),
});

export const operationLog = pgTable('operation_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  at: ts('at').notNull().defaultNow(),
  userId: integer('user_id'),
  userName: text('user_name').notNull().default(''),
  userType: smallint('user_type'),
  agentId: integer('agent_id'),
  netbarId: integer('netbar_id'),
  ip: text('ip').notNull().default(''),
  action: text('action').notNull(),
  target: text('target').notNull().default(''),
  result: text('result').notNull(),
  detail: text('detail').notNull().default(''),
});
