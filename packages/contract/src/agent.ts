import { z } from 'zod';
import { MSG } from './messages';
import {
  accountName,
  address,
  city,
  contact,
  district,
  ID_MAX,
  idParam,
  machineCount,
  mobile,
  newPassword,
  pageQuery,
  province,
  trueName,
} from './validation/fields';
import { emptyToUndefined, intField, optional, text } from './validation/helpers';

/** Agent business (issue 5): netbars, remarks, chains, delay config, server heartbeats. */
export const AGENT_MSG = {
  netbarName: '网吧名称为1-30个字符',
  netbarNotFound: '网吧不存在',
  remark: '备注内容为1-200个字符',
  remarkNotFound: '备注不存在',
  followDate: '请选择跟进日期',
  netbarIds: '请选择网吧',
  personId: '请选择员工',
  bindCode: '绑定码为6位数字',
  bindCodeWrong: '绑定码错误或已过期',
  bindCodeTooManyTries: '绑定码输错次数过多已失效，请让网吧重新生成',
  alreadyBound: '该网吧已绑定代理商，需先解绑',
  hasSubStores: '该网吧是连锁总店，请先删除或移出其分店',
  delayDays: (max: number): string => `宽限天数为0-${max}的整数`,
  headId: '请选择连锁总店',
  chainName: '连锁名称为1-30个字符',
  dateRange: '日期格式为YYYY-MM-DD',
  serverKey: '服务器凭证无效',
} as const;

/** Netbar status as the list shows it. */
export const NETBAR_STATUS_LABELS: Record<number, string> = { 1: '正常', 2: '停用' };

/** A list of ids from a form: '1,2,3', ['1','2'] or a single number. */
export const idList = (msg: string) =>
  z.preprocess(
    (v) => {
      const raw = Array.isArray(v)
        ? v
        : typeof v === 'string'
          ? v.split(',')
          : typeof v === 'number'
            ? [v]
            : v;
      if (!Array.isArray(raw)) return raw;
      return raw
        .map((x) => (typeof x === 'string' && /^\s*\d+\s*$/.test(x) ? Number(x) : x))
        .filter((x) => x !== '');
    },
    z
      .array(
        z.number({ error: msg }).int({ error: msg }).min(1, { error: msg }).max(ID_MAX, { error: msg }),
        {
          error: msg,
        },
      )
      .min(1, { error: msg })
      .max(500, { error: msg }),
  );

/** An optional list of ids (empty means none). */
export const idListOrEmpty = (msg: string) =>
  z.preprocess(
    (v) => {
      if (v === undefined || v === null || v === '') return [];
      const raw = Array.isArray(v)
        ? v
        : typeof v === 'string'
          ? v.split(',')
          : typeof v === 'number'
            ? [v]
            : v;
      if (!Array.isArray(raw)) return raw;
      return raw
        .filter((x) => x !== '')
        .map((x) => (typeof x === 'string' && /^\s*\d+\s*$/.test(x) ? Number(x) : x));
    },
    z
      .array(
        z.number({ error: msg }).int({ error: msg }).min(1, { error: msg }).max(ID_MAX, { error: msg }),
        {
          error: msg,
        },
      )
      .max(1000, { error: msg }),
  );

export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar day in YYYY-MM-DD (2024-13-01 or 2024-02-30 would reach the database as an error). */
export function isCalendarDate(s: string): boolean {
  if (!DATE_PATTERN.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}
export const optionalDate = optional(
  z.string({ error: AGENT_MSG.dateRange }).refine(isCalendarDate, { error: AGENT_MSG.dateRange }),
);
const optionalId = optional(idParam);
const optionalText = (max: number) =>
  optional(z.string({ error: MSG.badParam }).trim().max(max, { error: MSG.badParam }));

export const netbarName = text(AGENT_MSG.netbarName, 1, 30);

export const netbarListQuery = pageQuery.extend({
  keyword: optionalText(30),
  status: optional(intField(MSG.badParam, 1, 2)),
  province: optionalText(50),
  city: optionalText(50),
  district: optionalText(50),
  expire_from: optionalDate,
  expire_to: optionalDate,
  person_id: optionalId,
  server_version: optionalText(50),
  ip: optionalText(64),
  contact: optionalText(20),
  mobile: optionalText(11),
  online: optional(intField(MSG.badParam, 0, 1)),
  agent_id: optionalId,
});
export type NetbarListQuery = z.infer<typeof netbarListQuery>;

export interface NetbarRow {
  id: number;
  name: string;
  account_name: string;
  agent_id: number;
  agent_name: string;
  pid: number;
  chain_id: number;
  chain_name: string;
  chain_type: number;
  contact: string;
  mobile: string;
  province: string;
  city: string;
  district: string;
  address: string;
  machine_count: number;
  expire_at: string | null;
  delay_days: number;
  status: number;
  person_id: number | null;
  person_name: string;
  server_version: string;
  ip: string;
  online: 0 | 1;
  online_count: number;
  last_seen: string | null;
  created_at: string;
}

export interface AgentStatics {
  netbars: number;
  machines: number;
  expiring: number;
  expired: number;
  new_this_month: number;
}

export const agentRegisterNetbarBody = z.object({
  user_name: accountName,
  password: newPassword,
  name: netbarName,
  contact,
  mobile,
  province,
  city,
  district,
  address,
  machine_count: machineCount,
  person_id: optionalId,
});
export type AgentRegisterNetbarBody = z.infer<typeof agentRegisterNetbarBody>;

export const editNetbarBody = agentRegisterNetbarBody
  .omit({ user_name: true, password: true, person_id: true })
  .extend({
    netbar_id: idParam,
    status: intField(MSG.badParam, 1, 2),
  });
export type EditNetbarBody = z.infer<typeof editNetbarBody>;

export const netbarIdQuery = z.object({ netbar_id: idParam });
export const netbarIdsBody = z.object({ netbar_ids: idList(AGENT_MSG.netbarIds) });

export const remarkText = text(AGENT_MSG.remark, 1, 200);
export const netbarRemarkAddBody = z.object({
  netbar_id: idParam,
  content: remarkText,
  follow_date: z
    .string({ error: AGENT_MSG.followDate })
    .refine(isCalendarDate, { error: AGENT_MSG.followDate }),
});
export const netbarRemarkEditBody = netbarRemarkAddBody.omit({ netbar_id: true }).extend({ id: idParam });
export const idBody = z.object({ id: idParam });

export interface RemarkRow {
  id: number;
  content: string;
  follow_date: string;
  created_by_name: string;
  created_at: string;
}

export const bindQuery = z.object({
  user_name: accountName,
  code: z
    .string({ error: AGENT_MSG.bindCode })
    .trim()
    .regex(/^\d{6}$/, { error: AGENT_MSG.bindCode }),
});
export const unbindBody = z.object({ netbar_id: idParam });

export const setNetbarsPersonBody = z.object({
  netbar_ids: idList(AGENT_MSG.netbarIds),
  person_id: z.preprocess(emptyToUndefined, intField(AGENT_MSG.personId, 0, ID_MAX)),
});

export const chainChangeBody = z.object({
  head_id: intField(AGENT_MSG.headId, 1, ID_MAX),
  netbar_ids: idListOrEmpty(AGENT_MSG.netbarIds),
  chain_name: text(AGENT_MSG.chainName, 1, 30),
  chain_type: intField(MSG.badParam, 1, 2),
});
export type ChainChangeBody = z.infer<typeof chainChangeBody>;

export const delaySaveBody = z.object({
  netbar_ids: idList(AGENT_MSG.netbarIds),
  delay_days: intField(MSG.badParam, 0, 365),
});

/** The heartbeat a netbar's local server sends (JSON or form). */
export const heartbeatBody = z.object({
  netbar_id: idParam,
  server_version: text('版本号为1-50个字符', 1, 50),
  ip: text('IP为1-64个字符', 1, 64),
  machine_count: intField('机器数为0-10000的整数', 0, 10000),
  online_count: intField('在线数为0-10000的整数', 0, 10000),
  game_update_count: z.preprocess(
    emptyToUndefined,
    intField('待更新游戏数为0-100000的整数', 0, 100000).default(0),
  ),
});
export type HeartbeatBody = z.infer<typeof heartbeatBody>;

/** A netbar is shown online when its server reported within this many seconds. */
export const HEARTBEAT_ONLINE_SECONDS = 300;

export const trustQuery = z.object({ contact: optionalText(20), mobile: optionalText(11) });
export const hostQuery = z.object({ is_host: optional(intField(MSG.badParam, 0, 1)) });

export const netbarExtensionBody = z.object({
  netbar_id: idParam,
  months: intField('续费月数为1-36的整数', 1, 36),
  product_id: idParam,
  /** One per opened dialog: a double click or a retry creates one order (40007 replays it). */
  request_id: text('请求标识无效，请刷新页面后重试', 8, 64, /^[A-Za-z0-9_-]+$/),
});

export { trueName as agentTrueName };
