/** 桌面设置 (migration 1130, decision 192): a store's PC desktops per area and time band. */
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { jsonList, storeRow, ts } from './columns.ts';

export const desktopConfigs = pgTable('desktop_configs', {
  ...storeRow(),
  areaId: integer('area_id').notNull().default(0),
  bandStart: text('band_start').notNull().default(''),
  bandEnd: text('band_end').notNull().default(''),
  wallpaper: text('wallpaper').notNull().default(''),
  groups: jsonList('groups'),
  ticker: text('ticker').notNull().default(''),
  adverts: jsonList('adverts'),
  updatedBy: text('updated_by').notNull().default(''),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
