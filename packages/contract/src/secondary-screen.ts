import { z } from 'zod';
import { plainString } from './validation/helpers';

/**
 * 副屏设置 (application secondary_screen 10520, decision 191): the customer-facing screen beside the
 * 收银台. Per store: an idle slideshow (uploaded images and videos in order, seconds per image) with a
 * schedule (dates and daily time windows, Beijing), and a public link holding an unguessable token. While
 * a checkout runs, the 收银台 pushes what it shows (lines, total, the payment QR); the screen shows that,
 * 谢谢惠顾 after payment, then the slideshow again. Nothing else reaches it: no member data beyond a
 * masked name.
 */

export const SCREEN_LIMITS = {
  slidesMax: 20,
  windowsMax: 6,
  secondsMin: 3,
  secondsMax: 120,
  linesMax: 100,
  videoMaxBytes: 10 * 1024 * 1024,
  /** How long 谢谢惠顾 stays before the slideshow comes back (ms). */
  thanksMs: 6000,
  /**
   * A cart or payment the 收银台 has not changed for this long (ms; its console closed, its PC off) gives way
   * to the slideshow: a customer never sees a stranger's order from an hour ago.
   */
  staleMs: 15 * 60_000,
} as const;

export type ScreenSlideKind = 'image' | 'video';

export interface ScreenSlide {
  kind: ScreenSlideKind;
  url: string;
  /** Seconds an image stays (a video plays to its end). */
  seconds: number;
}

export interface ScreenWindow {
  /** HH:mm (Beijing); the end may be 24:00. */
  start: string;
  end: string;
}

export interface ScreenSettings {
  slides: ScreenSlide[];
  /** YYYY-MM-DD, '' = no bound. */
  start_date: string;
  end_date: string;
  /** Daily windows the slideshow plays in; none = all day. */
  windows: ScreenWindow[];
}

/** secondary_screen_settings: the settings (empty until saved) and the link, when one is on. */
export interface ScreenSettingsRow extends ScreenSettings {
  /** The screen's path, /screen/<token>; '' when the link is revoked (or never made). */
  link: string;
  app_on: boolean;
  updated_at: string;
  updated_by: string;
}

/** What the public screen page reads with its token: the store's name and the slideshow. */
export interface ScreenPublicInfo extends ScreenSettings {
  store_name: string;
}

const HHMM = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Uploaded media only: our own upload path (IMAGES_BASE) or a demo slide shipped with the console. */
const MEDIA_URL = /^\/[A-Za-z0-9/_.-]{1,300}$/;

const slide = z.object({
  kind: z.enum(['image', 'video'], { error: '素材类型不正确' }),
  url: z.string({ error: '素材地址不正确' }).regex(MEDIA_URL, { error: '素材地址不正确，请重新上传' }),
  seconds: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z
      .number({ error: `图片停留时间为${SCREEN_LIMITS.secondsMin}-${SCREEN_LIMITS.secondsMax}秒` })
      .int({ error: `图片停留时间为${SCREEN_LIMITS.secondsMin}-${SCREEN_LIMITS.secondsMax}秒` })
      .min(SCREEN_LIMITS.secondsMin, {
        error: `图片停留时间为${SCREEN_LIMITS.secondsMin}-${SCREEN_LIMITS.secondsMax}秒`,
      })
      .max(SCREEN_LIMITS.secondsMax, {
        error: `图片停留时间为${SCREEN_LIMITS.secondsMin}-${SCREEN_LIMITS.secondsMax}秒`,
      }),
  ),
});

const windowItem = z.object({
  start: z.string({ error: '时段开始时间格式为HH:mm' }).regex(HHMM, { error: '时段开始时间格式为HH:mm' }),
  end: z.string({ error: '时段结束时间格式为HH:mm' }).regex(HHMM, { error: '时段结束时间格式为HH:mm' }),
});

const dateField = (msg: string) =>
  z
    .string({ error: msg })
    .refine((v) => v === '' || (DATE.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`))), {
      error: msg,
    })
    .optional()
    .transform((v) => v ?? '');

export const screenSaveBody = z
  .object({
    slides: z
      .array(slide, { error: '请提供轮播素材列表' })
      .max(SCREEN_LIMITS.slidesMax, { error: `轮播素材最多${SCREEN_LIMITS.slidesMax}个` }),
    start_date: dateField('开始日期格式为YYYY-MM-DD'),
    end_date: dateField('结束日期格式为YYYY-MM-DD'),
    windows: z
      .array(windowItem, { error: '播放时段不正确' })
      .max(SCREEN_LIMITS.windowsMax, { error: `播放时段最多${SCREEN_LIMITS.windowsMax}个` }),
  })
  .superRefine((b, ctx) => {
    if (b.start_date && b.end_date && b.end_date < b.start_date) {
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: '结束日期不能早于开始日期' });
      return;
    }
    const ws = b.windows.map((w) => ({ ...w, a: minutes(w.start), b: minutes(w.end) }));
    for (const [i, w] of ws.entries()) {
      if (w.a >= w.b) {
        ctx.addIssue({
          code: 'custom',
          path: ['windows', i],
          message: `时段${w.start}-${w.end}的结束时间须晚于开始时间`,
        });
        return;
      }
    }
    const sorted = [...ws].sort((x, y) => x.a - y.a);
    for (let i = 1; i < sorted.length; i++) {
      const p = sorted[i - 1]!;
      const c = sorted[i]!;
      if (c.a < p.b) {
        ctx.addIssue({
          code: 'custom',
          path: ['windows'],
          message: `时段${p.start}-${p.end}与${c.start}-${c.end}重叠`,
        });
        return;
      }
    }
  });
export type ScreenSaveBody = z.infer<typeof screenSaveBody>;

/** Is the slideshow on at this Beijing date (YYYY-MM-DD) and minute of the day? */
export function slideshowOn(
  s: Pick<ScreenSettings, 'start_date' | 'end_date' | 'windows'>,
  day: string,
  minute: number,
) {
  if (s.start_date && day < s.start_date) return false;
  if (s.end_date && day > s.end_date) return false;
  if (!s.windows.length) return true;
  return s.windows.some((w) => minute >= minutes(w.start) && minute < minutes(w.end));
}

/** The token of a screen link: the store id, a dash, 32 url-safe characters. */
export const SCREEN_TOKEN = /^\d{1,10}-[A-Za-z0-9_-]{32}$/;
export const screenTokenQuery = z.object({
  token: z.string({ error: '副屏链接无效' }).regex(SCREEN_TOKEN, { error: '副屏链接无效' }),
});

/* ---- what the 收银台 shows, pushed to the screen (debounced) ---- */

export const SCREEN_STAGES = ['idle', 'cart', 'pay', 'paid'] as const;
export type ScreenStage = (typeof SCREEN_STAGES)[number];

const fen = (msg: string) =>
  z.number({ error: msg }).int({ error: msg }).min(0, { error: msg }).max(1e10, { error: msg });

const pushLine = z.strictObject({
  name: plainString('商品名称不正确').max(80, { error: '商品名称最多80个字符' }),
  qty: z
    .number({ error: '数量不正确' })
    .int({ error: '数量不正确' })
    .min(1, { error: '数量不正确' })
    .max(9999),
  amount_fen: fen('金额不正确'),
});

/**
 * One state of the 收银台 as the customer may see it. Strict: a field it does not know (a mobile, a card
 * no, a balance) is refused, so nothing but this reaches the screen. The server masks the member's name.
 */
export const screenPushBody = z.strictObject({
  stage: z.enum(SCREEN_STAGES, { error: '副屏状态不正确' }),
  lines: z.array(pushLine, { error: '商品列表不正确' }).max(SCREEN_LIMITS.linesMax, { error: '商品行过多' }),
  list_fen: fen('原价不正确'),
  saving_fen: fen('优惠不正确'),
  total_fen: fen('应收不正确'),
  member_name: plainString('会员名称不正确').max(40, { error: '会员名称不正确' }).optional(),
  /** The payment QR the cashier is showing (its payload) and the method's name. */
  qr: z
    .strictObject({
      payload: z
        .string({ error: '付款码内容不正确' })
        .min(1, { error: '付款码内容不正确' })
        .max(1024, { error: '付款码内容不正确' }),
      label: plainString('支付方式不正确').max(20, { error: '支付方式不正确' }),
    })
    .optional(),
  /** Cash tendered minus the amount due, on the paid stage. */
  change_fen: fen('找零不正确').optional(),
});
export type ScreenPushBody = z.infer<typeof screenPushBody>;

/** What the screen receives: the cashier's state, its member's name masked, and when it was sent. */
export type ScreenState = ScreenPushBody & { at: number };

export const IDLE_SCREEN: ScreenState = {
  stage: 'idle',
  lines: [],
  list_fen: 0,
  saving_fen: 0,
  total_fen: 0,
  at: 0,
};

export const screenLinkBody = z.object({
  action: z.enum(['regenerate', 'revoke'], { error: '操作不正确' }),
});
