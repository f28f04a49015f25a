/** Venue tables (migration 0600): areas, machines, seat layouts, the public link and reservations. */
import { boolean, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const venueAreas = pgTable('venue_areas', {
  id: serial('id').primaryKey(),
  netbarId: integer('netbar_id').notNull(),
  name: text('name').notNull(),
  colour: text('colour').notNull().default('#1677FF'),
  sort: integer('sort').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const machines = pgTable('machines', {
  id: serial('id').primaryKey(),
  netbarId: integer('netbar_id').notNull(),
  areaId: integer('area_id').notNull(),
  name: text('name').notNull(),
  ip: text('ip').notNull().default(''),
  mac: text('mac').notNull().default(''),
  hardwareNote: text('hardware_note').notNull().default(''),
  state: text('state').notNull().default('空闲'),
  stateAt: ts('state_at').notNull().defaultNow(),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const seatLayouts = pgTable('seat_layouts', {
  id: serial('id').primaryKey(),
  netbarId: integer('netbar_id').notNull(),
  areaId: integer('area_id').notNull(),
  version: integer('version').notNull(),
  cols: integer('cols').notNull(),
  rows: integer('rows').notNull(),
  cells: jsonb('cells').notNull().default([]),
  savedBy: text('saved_by').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const seatLinks = pgTable('seat_links', {
  netbarId: integer('netbar_id').primaryKey(),
  token: text('token').notNull(),
  holdMinutes: integer('hold_minutes').notNull().default(15),
  enabled: boolean('enabled').notNull().default(true),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const seatReservations = pgTable('seat_reservations', {
  id: serial('id').primaryKey(),
  netbarId: integer('netbar_id').notNull(),
  machineId: integer('machine_id').notNull(),
  code: text('code').notNull(),
  name: text('name').notNull().default(''),
  mobile: text('mobile').notNull(),
  source: text('source').notNull(),
  status: text('status').notNull().default('holding'),
  expiresAt: ts('expires_at').notNull(),
  createdBy: text('created_by').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
  endedAt: ts('ended_at'),
});

export type VenueAreaRecord = typeof venueAreas.$inferSelect;
export type MachineRecord = typeof machines.$inferSelect;
