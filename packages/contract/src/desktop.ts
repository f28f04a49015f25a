import { z } from 'zod';
import { DESKTOP_GAME_IDS } from './desktop-games';
import { intField, plainString, text } from './validation/helpers';

/**
 * 桌面设置 (application desktop_settings 10503, /custom_desktop 4001, decision 192): the PC client's
 * desktop per store, machine area and time band — wallpaper, icon groups in order, an announcement ticker
 * and login-screen adverts with dates. A configuration with area 0 is the store's default for every area;
 * one without a band holds all day. The terminal reads the effective one of a machine (terminal_desktop).
 */

export const DESKTOP_LIMITS = {
  configsMax: 50,
  groupsMax: 8,
  iconsPerGroupMax: 40,
  groupNameMax: 10,
  iconNameMax: 16,
  pathMax: 260,
  tickerMax: 200,
  advertsMax: 10,
  advertTitleMax: 30,
  /** Largest wallpaper or icon file accepted (bytes). */
  wallpaperMaxBytes: 8 * 1024 * 1024,
  iconMaxBytes: 1024 * 1024,
} as const;

/** Sizes a wallpaper is kept at (16:9, cover-cropped): the PC's, a small screen's and the editor's preview. */
export const WALLPAPER_SIZES = [1920, 1280, 640] as const;
/** Side of a custom icon (square PNG). */
export const DESKTOP_ICON_SIDE = 128;

export const DESKTOP_MSG = {
  notFound: '桌面配置不存在',
  areaMissing: '区域不存在',
  bandHalf: '时段的开始与结束时间需同时填写',
  bandOrder: '时段的结束时间必须晚于开始时间',
  overlap: (band: string) => `与该区域已有的时段「${band}」重叠`,
  sameAllDay: '该区域已有全天配置',
  tooMany: '每个门店最多50个桌面配置',
  wallpaper: '壁纸不存在，请重新上传',
  icon: '自定义图标不存在，请重新上传',
  advertImage: '广告图片不存在，请重新上传',
  defaultKept: '默认配置（全部区域、全天）不能删除',
  fileMissing: '请选择要上传的图片',
  notImage: '只能上传 PNG、JPEG、GIF 或 WebP 图片',
  broken: '图片无法识别或已损坏',
  tooLarge: (mb: number) => `图片不能超过${mb}MB`,
  tooSmall: '壁纸至少为 640×360',
} as const;

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A stored picture's key: the content hash upload answered (never a path or an outside URL). */
export const IMAGE_KEY = /^[0-9a-f]{32}$/;

const imageKey = (msg: string) => z.string({ error: msg }).regex(IMAGE_KEY, { error: msg });

export const desktopIconSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('game'),
      game_id: z.string({ error: '游戏不存在' }).refine((id) => DESKTOP_GAME_IDS.has(id), {
        error: '游戏不存在，请从游戏列表中选择',
      }),
    }),
    z.object({
      kind: z.literal('custom'),
      name: text('自定义图标名称为1-16个字符', 1, DESKTOP_LIMITS.iconNameMax),
      path: text('程序路径为1-260个字符', 1, DESKTOP_LIMITS.pathMax),
      icon: imageKey('请上传自定义图标'),
    }),
  ],
  { error: '图标类型不正确' },
);
export type DesktopIcon = z.infer<typeof desktopIconSchema>;

export const desktopGroupSchema = z.object({
  name: text('分组名称为1-10个字符', 1, DESKTOP_LIMITS.groupNameMax),
  icons: z
    .array(desktopIconSchema, { error: '分组图标不正确' })
    .max(DESKTOP_LIMITS.iconsPerGroupMax, { error: '每个分组最多40个图标' }),
});
export type DesktopGroup = z.infer<typeof desktopGroupSchema>;

export const desktopAdvertSchema = z
  .object({
    title: text('广告标题为1-30个字符', 1, DESKTOP_LIMITS.advertTitleMax),
    image: imageKey('请上传广告图片'),
    start_date: z.string({ error: '广告开始日期格式为YYYY-MM-DD' }).regex(DATE, {
      error: '广告开始日期格式为YYYY-MM-DD',
    }),
    end_date: z.string({ error: '广告结束日期格式为YYYY-MM-DD' }).regex(DATE, {
      error: '广告结束日期格式为YYYY-MM-DD',
    }),
  })
  .refine((a) => a.end_date >= a.start_date, { error: '广告的结束日期不能早于开始日期' });
export type DesktopAdvert = z.infer<typeof desktopAdvertSchema>;

const band = (msg: string) =>
  z.string({ error: msg }).regex(HHMM, { error: msg }).or(z.literal('')).default('');

export const desktopSaveBody = z
  .object({
    id: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      intField('配置参数错误', 1, 2_147_483_647).optional(),
    ),
    /** 0 = every area of the store (the default). */
    area_id: intField('区域参数错误', 0, 2_147_483_647),
    band_start: band('时段开始时间格式为HH:mm'),
    band_end: band('时段结束时间格式为HH:mm'),
    wallpaper: z.union([imageKey('壁纸不正确'), z.literal('')], { error: '壁纸不正确' }).default(''),
    groups: z
      .array(desktopGroupSchema, { error: '图标分组不正确' })
      .max(DESKTOP_LIMITS.groupsMax, { error: '最多8个图标分组' }),
    ticker: plainString('公告内容不正确').max(DESKTOP_LIMITS.tickerMax, { error: '滚动公告最多200个字符' }),
    adverts: z
      .array(desktopAdvertSchema, { error: '登录广告不正确' })
      .max(DESKTOP_LIMITS.advertsMax, { error: '最多10条登录广告' }),
  })
  .superRefine((b, ctx) => {
    if (!b.band_start !== !b.band_end) ctx.addIssue({ code: 'custom', message: DESKTOP_MSG.bandHalf });
    else if (b.band_start && b.band_end <= b.band_start)
      ctx.addIssue({ code: 'custom', message: DESKTOP_MSG.bandOrder });
  });
export type DesktopSaveBody = z.infer<typeof desktopSaveBody>;

export const desktopIdQuery = z.object({ id: intField('配置参数错误', 1, 2_147_483_647) });
export const desktopDeleteBody = desktopIdQuery;
export const terminalDesktopQuery = z.object({ machine_id: intField('机器参数错误', 1, 2_147_483_647) });

/** One configuration as the console edits it. */
export interface DesktopConfigRow {
  id: number;
  area_id: number;
  area_name: string;
  band_start: string;
  band_end: string;
  wallpaper: string;
  groups: DesktopGroup[];
  ticker: string;
  adverts: DesktopAdvert[];
  updated_by: string;
  updated_at: string;
}

/** desktop_settings: the store's configurations, its areas, where pictures are served and the game list. */
export interface DesktopSettings {
  app_on: boolean;
  images_base: string;
  areas: { id: number; name: string }[];
  configs: DesktopConfigRow[];
}

/** What a PC shows: every picture as a URL, only the adverts of today. */
export interface TerminalDesktop {
  config_id: number;
  machine_id: number;
  area_id: number;
  band: string;
  wallpaper: { width: number; url: string }[];
  groups: {
    name: string;
    icons: { kind: 'game' | 'custom'; id: string; name: string; path: string; icon: string }[];
  }[];
  ticker: string;
  adverts: { title: string; image: string; start_date: string; end_date: string }[];
}

/** '全部区域 · 全天' / '电竞区 · 18:00-24:00'. */
export function desktopLabel(c: Pick<DesktopConfigRow, 'area_name' | 'band_start' | 'band_end'>) {
  return `${c.area_name || '全部区域'} · ${c.band_start ? `${c.band_start}-${c.band_end}` : '全天'}`;
}

/** Do two bands [a1, a2) and [b1, b2) overlap? An empty band is all day. */
export function bandsOverlap(a1: string, a2: string, b1: string, b2: string) {
  if (!a1 || !b1) return !a1 && !b1;
  return a1 < b2 && b1 < a2;
}

/** Wallpaper URL of a stored key at a width. */
export const wallpaperUrl = (base: string, key: string, width: number) =>
  `${base.replace(/\/?$/, '/')}${key}-${width}.jpg`;
export const desktopIconUrl = (base: string, key: string) => `${base.replace(/\/?$/, '/')}${key}-icon.png`;
export const advertUrl = (base: string, key: string) => `${base.replace(/\/?$/, '/')}${key}-ad.jpg`;
