import { z } from 'zod';
import { intField, optional, plainString } from './validation/helpers';

/**
 * 语音播报设置 (application broadcast_settings 10504, decision 189): per store, which live-channel events
 * the console speaks, with what words (a template with {变量}), which zh-CN voice, how fast and loud, how
 * often, and when not at all (免打扰). The renderer and the quiet-hours rule are pure and shared: the
 * server checks templates with them, the console's announcer speaks with them.
 */

export const BROADCAST_EVENTS = [
  'seat_order',
  'service_call',
  'balance_low',
  'birthday',
  'draw_winner',
] as const;
export type BroadcastEvent = (typeof BROADCAST_EVENTS)[number];
export const BROADCAST_EVENT_LABELS: Record<BroadcastEvent, string> = {
  seat_order: '点单',
  service_call: '呼叫网管',
  balance_low: '余额不足',
  birthday: '会员生日',
  draw_winner: '现场抽奖中奖',
};

/** The variables each event's template may use ({机器号} and {会员名} everywhere, then the event's own). */
export const BROADCAST_VARS: Record<BroadcastEvent, readonly string[]> = {
  seat_order: ['机器号', '会员名', '商品', '金额'],
  service_call: ['机器号', '会员名', '内容'],
  balance_low: ['机器号', '会员名', '剩余分钟'],
  birthday: ['机器号', '会员名'],
  draw_winner: ['机器号', '会员名', '活动名', '奖品'],
};

export const BROADCAST_DEFAULT_TEMPLATES: Record<BroadcastEvent, string> = {
  seat_order: '{机器号}号机点单，{商品}，请及时送达',
  service_call: '{机器号}号机呼叫网管，{内容}',
  balance_low: '{机器号}号机余额不足，约剩{剩余分钟}分钟',
  birthday: '{会员名}生日快乐，欢迎光临',
  draw_winner: '恭喜{会员名}在{活动名}中抽中{奖品}',
};

export const BROADCAST_LIMITS = {
  templateMax: 100,
  voiceMax: 100,
  rateMin: 0.5,
  rateMax: 2,
  volumeMin: 0,
  volumeMax: 100,
  repeatMin: 1,
  repeatMax: 3,
} as const;

export interface BroadcastEventSetting {
  event: BroadcastEvent;
  enabled: boolean;
  template: string;
}

export interface BroadcastSettings {
  events: BroadcastEventSetting[];
  /** A speechSynthesis voice's name; '' = the browser's first zh voice. */
  voice: string;
  /** Speech rate, 0.5-2.0 in steps of 0.1 (1 = normal). */
  rate: number;
  /** 0-100 (%). */
  volume: number;
  /** How many times each announcement is spoken, 1-3. */
  repeat: number;
  quiet_enabled: boolean;
  /** HH:mm (Beijing), the quiet hours may cross midnight (23:00-08:00). */
  quiet_start: string;
  quiet_end: string;
}

/** The answer of broadcast_settings: the store's settings (defaults until saved) and whether the app is on. */
export interface BroadcastSettingsRow extends BroadcastSettings {
  saved: boolean;
  app_on: boolean;
  updated_at: string;
  updated_by: string;
}

export function defaultBroadcastSettings(): BroadcastSettings {
  return {
    events: BROADCAST_EVENTS.map((event) => ({
      event,
      enabled: true,
      template: BROADCAST_DEFAULT_TEMPLATES[event],
    })),
    voice: '',
    rate: 1,
    volume: 100,
    repeat: 1,
    quiet_enabled: false,
    quiet_start: '23:00',
    quiet_end: '08:00',
  };
}

const VAR_RE = /\{([^{}]*)\}/g;

/** The variable names a template uses, in order ({机器号} → 机器号). */
export function templateVars(template: string): string[] {
  return [...template.matchAll(VAR_RE)].map((m) => m[1] ?? '');
}

/** The first variable the event does not know, or undefined. */
export function unknownVar(event: BroadcastEvent, template: string): string | undefined {
  const known = BROADCAST_VARS[event];
  return templateVars(template).find((v) => !known.includes(v));
}

/** The words to speak: each {变量} replaced by its value ('' when missing). */
export function renderTemplate(template: string, values: Partial<Record<string, string>>): string {
  return template.replace(VAR_RE, (_m, name: string) => values[name] ?? '').trim();
}

/** Minutes since midnight of 'HH:mm'. */
export const minuteOfDay = (hhmm: string): number => {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

/**
 * Is `minute` (since midnight) inside the quiet hours [start, end)? A start after the end crosses
 * midnight (23:00-08:00 is quiet at 23:30 and at 07:59, not at 08:00).
 */
export function inQuietHours(
  s: Pick<BroadcastSettings, 'quiet_enabled' | 'quiet_start' | 'quiet_end'>,
  minute: number,
) {
  if (!s.quiet_enabled) return false;
  const a = minuteOfDay(s.quiet_start);
  const b = minuteOfDay(s.quiet_end);
  if (a === b) return false;
  return a < b ? minute >= a && minute < b : minute >= a || minute < b;
}

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const bool = (msg: string) =>
  z.preprocess(
    (v) => (v === '1' || v === 'true' ? true : v === '0' || v === 'false' ? false : v),
    z.boolean({ error: msg }),
  );
const num = (msg: string) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), z.number({ error: msg }));

const eventItem = z.object({
  event: z.enum(BROADCAST_EVENTS, { error: '播报事件不正确' }),
  enabled: bool('播报开关不正确'),
  template: plainString('播报模板不正确'),
});

export const broadcastSaveBody = z
  .object({
    events: z.array(eventItem, { error: '请提供各事件的播报设置' }),
    voice: optional(
      plainString('语音名称不正确').max(BROADCAST_LIMITS.voiceMax, { error: '语音名称最多100个字符' }),
    ).transform((v) => v ?? ''),
    rate: num('语速为0.5-2.0').refine(
      (v) =>
        Number.isFinite(v) &&
        v >= BROADCAST_LIMITS.rateMin &&
        v <= BROADCAST_LIMITS.rateMax &&
        Math.abs(v * 10 - Math.round(v * 10)) < 1e-9,
      { error: '语速为0.5-2.0，步长0.1' },
    ),
    volume: intField('音量为0-100', BROADCAST_LIMITS.volumeMin, BROADCAST_LIMITS.volumeMax),
    repeat: intField('重复次数为1-3次', BROADCAST_LIMITS.repeatMin, BROADCAST_LIMITS.repeatMax),
    quiet_enabled: bool('免打扰开关不正确'),
    quiet_start: z
      .string({ error: '免打扰开始时间格式为HH:mm' })
      .regex(HHMM, { error: '免打扰开始时间格式为HH:mm' }),
    quiet_end: z
      .string({ error: '免打扰结束时间格式为HH:mm' })
      .regex(HHMM, { error: '免打扰结束时间格式为HH:mm' }),
  })
  .superRefine((b, ctx) => {
    const seen = new Set<BroadcastEvent>();
    for (const [i, x] of b.events.entries()) {
      const label = BROADCAST_EVENT_LABELS[x.event];
      if (seen.has(x.event)) {
        ctx.addIssue({ code: 'custom', path: ['events', i], message: `「${label}」重复设置` });
        return;
      }
      seen.add(x.event);
      const t = x.template.trim();
      if (!t) {
        ctx.addIssue({ code: 'custom', path: ['events', i], message: `请填写「${label}」的播报模板` });
        return;
      }
      if ([...t].length > BROADCAST_LIMITS.templateMax) {
        ctx.addIssue({
          code: 'custom',
          path: ['events', i],
          message: `「${label}」的播报模板最多${BROADCAST_LIMITS.templateMax}个字符`,
        });
        return;
      }
      const bad = unknownVar(x.event, t);
      if (bad !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['events', i],
          message: `「${label}」模板中的变量{${bad}}不存在，可用变量：${BROADCAST_VARS[x.event].map((v) => `{${v}}`).join('')}`,
        });
        return;
      }
    }
    const missing = BROADCAST_EVENTS.find((e) => !seen.has(e));
    if (missing) {
      ctx.addIssue({
        code: 'custom',
        path: ['events'],
        message: `缺少「${BROADCAST_EVENT_LABELS[missing]}」的播报设置`,
      });
      return;
    }
    if (b.quiet_enabled && b.quiet_start === b.quiet_end)
      ctx.addIssue({ code: 'custom', path: ['quiet_end'], message: '免打扰开始与结束时间不能相同' });
  });
export type BroadcastSaveBody = z.infer<typeof broadcastSaveBody>;

/** broadcast_subject: who and where an announcement is about (the machine's name, the masked member online). */
export const broadcastSubjectQuery = z.object({
  machine_id: intField('机器参数错误', 1, 2_147_483_647),
});
export interface BroadcastSubject {
  machine: string;
  member_name: string;
}
