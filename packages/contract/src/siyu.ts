import { z } from 'zod';
import { idParam } from './validation/fields';
import { emptyToUndefined, optional, plainString } from './validation/helpers';

/**
 * 私域运营 (siyu 10522, issue 17 part 5, decision 179): the store's WeChat group, official-account and
 * staff contact QR codes, each an uploaded picture with a welcome text, shown on receipts ({私域二维码}
 * in the print template) and on the PC client. Scans are counted through /s/<token>, which redirects only
 * to the code's own picture.
 */
export const SIYU_KINDS = ['group', 'official', 'staff'] as const;
export type SiyuKind = (typeof SIYU_KINDS)[number];
export const SIYU_KIND_LABELS: Record<SiyuKind, string> = {
  group: '微信群',
  official: '公众号',
  staff: '员工企微',
};
export const SIYU_MAX_CODES = 20;

export const SIYU_MSG = {
  kind: '请选择二维码类型',
  name: '请输入1-30个字的名称',
  welcome: '欢迎语最多100个字',
  image: '请上传二维码图片',
  imageBad: '二维码图片无法识别，请重新上传',
  imageSmall: '二维码图片至少 200×200 像素',
  notFound: '二维码不存在',
  tooMany: `每个门店最多${SIYU_MAX_CODES}个二维码`,
  days: '统计天数为1-90',
} as const;

export const siyuSaveBody = z.object({
  id: optional(idParam),
  kind: z.enum(SIYU_KINDS, { error: SIYU_MSG.kind }),
  name: plainString(SIYU_MSG.name).trim().min(1, { error: SIYU_MSG.name }).max(30, { error: SIYU_MSG.name }),
  welcome: z.preprocess(
    (v) => emptyToUndefined(v) ?? '',
    plainString(SIYU_MSG.welcome).trim().max(100, { error: SIYU_MSG.welcome }),
  ),
  /** The url upload_image answered. */
  image: plainString(SIYU_MSG.image)
    .trim()
    .min(1, { error: SIYU_MSG.image })
    .max(300, { error: SIYU_MSG.image }),
});
export type SiyuSaveBody = z.infer<typeof siyuSaveBody>;

export const siyuStatsQuery = z.object({
  days: z.preprocess(
    (v) => (emptyToUndefined(v) === undefined ? 30 : Number(v)),
    z
      .number({ error: SIYU_MSG.days })
      .int({ error: SIYU_MSG.days })
      .min(1, { error: SIYU_MSG.days })
      .max(90, { error: SIYU_MSG.days }),
  ),
});

export interface SiyuCodeRow {
  id: number;
  kind: SiyuKind;
  name: string;
  welcome: string;
  image: string;
  /** The counted link: /s/<token>. */
  link: string;
  scans_today: number;
  scans_total: number;
  created_at: string;
}

export interface SiyuStatRow {
  day: string;
  code_id: number;
  scans: number;
}
