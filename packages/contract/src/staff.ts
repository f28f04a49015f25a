import { z } from 'zod';
import { AGENT_MSG, idListOrEmpty, optionalDate, remarkText } from './agent';
import { MSG } from './messages';
import {
  accountName,
  editPassword,
  idParam,
  mobile,
  newPassword,
  pageQuery,
  trueName,
} from './validation/fields';
import { intField, optional, text } from './validation/helpers';

/** Agent staff (issue 5): accounts, remarks, menu and area grants, install statistics. */
export const STAFF_MSG = {
  notFound: '员工不存在',
  position: '职位最多20个字符',
  permIds: '所选权限无效',
  region: '区域格式为“省/市”或“省/市/区”',
} as const;

export const staffListQuery = pageQuery.extend({
  keyword: optional(z.string({ error: MSG.badParam }).trim().max(30, { error: MSG.badParam })),
  status: optional(intField(MSG.badParam, 0, 1)),
});

export interface StaffRow {
  id: number;
  user_name: string;
  true_name: string;
  mobile: string;
  position: string;
  status: number;
  perm_ids: number[];
  netbar_count: number;
  created_at: string;
}

const position = optional(
  z.string({ error: STAFF_MSG.position }).trim().max(20, { error: STAFF_MSG.position }),
);

export const staffRegisterBody = z.object({
  user_name: accountName,
  password: newPassword,
  true_name: trueName,
  mobile,
  position,
});
export const staffEditBody = z.object({
  id: idParam,
  true_name: trueName,
  mobile,
  position,
  password: editPassword,
  status: intField(MSG.badParam, 0, 1),
});
export const staffIdQuery = z.object({ id: idParam });
export const staffRemarkQuery = z.object({ bz_id: idParam });
export const staffRemarkAddBody = z.object({ bz_id: idParam, content: remarkText });
export const staffRemarkEditBody = z.object({ id: idParam, content: remarkText });

export const userIdQuery = z.object({ user_id: idParam });

/** 'province/city' or 'province/city/district'. */
export const regionList = z.preprocess(
  (v) =>
    v === undefined || v === null || v === ''
      ? []
      : Array.isArray(v)
        ? v
        : typeof v === 'string'
          ? v.split(',')
          : v,
  z
    .array(
      z
        .string({ error: STAFF_MSG.region })
        .trim()
        .regex(/^[^/,]{1,50}\/[^/,]{1,50}(\/[^/,]{1,50})?$/, { error: STAFF_MSG.region }),
      { error: STAFF_MSG.region },
    )
    .max(100, { error: STAFF_MSG.region }),
);

export const authAreaBody = z.object({
  user_id: idParam,
  perm_ids: idListOrEmpty(STAFF_MSG.permIds),
  netbar_ids: idListOrEmpty(AGENT_MSG.netbarIds),
  regions: regionList,
});
export type AuthAreaBody = z.infer<typeof authAreaBody>;

export interface AuthArea {
  user_id: number;
  perm_ids: number[];
  netbar_ids: number[];
  regions: string[];
}

export const installStatsQuery = z.object({ date_from: optionalDate, date_to: optionalDate });

export interface InstallStatRow {
  id: number;
  true_name: string;
  registered: number;
  assigned: number;
  machines: number;
}

export const authTreeQuery = z.object({ types: optional(intField(MSG.badParam, 1, 6)) });
export { text as staffText };
