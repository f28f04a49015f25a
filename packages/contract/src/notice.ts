import { z } from 'zod';
import { USER_TYPE_VALUES, type UserTypeValue } from './user-types';
import { ID_MAX } from './validation/fields';
import { intField, numberFromForm } from './validation/helpers';

const types = z.preprocess(
  (v) => {
    const list = Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : [];
    return list.map((x) => numberFromForm(typeof x === 'string' ? x.trim() : x)).filter((x) => x !== '');
  },
  z
    .array(
      z
        .number({ error: '接收对象不正确' })
        .refine((n): n is UserTypeValue => (USER_TYPE_VALUES as readonly number[]).includes(n), {
          error: '接收对象不正确',
        }),
      {
        error: '请选择接收对象',
      },
    )
    .min(1, { error: '请选择接收对象' }),
);

/** Writing a notice: a new one without id, an edit of a draft with id. */
export const noticeSaveBody = z.object({
  id: z.preprocess(
    (v) => (v === '' || v === undefined ? undefined : numberFromForm(v)),
    z
      .number({ error: '参数错误' })
      .int({ error: '参数错误' })
      .min(1, { error: '参数错误' })
      .max(ID_MAX, { error: '参数错误' })
      .optional(),
  ),
  title: z
    .string({ error: '请输入公告标题' })
    .trim()
    .min(1, { error: '请输入公告标题' })
    .max(60, { error: '公告标题最多60个字符' }),
  content: z
    .string({ error: '请输入公告内容' })
    .trim()
    .min(1, { error: '请输入公告内容' })
    .max(5000, { error: '公告内容最多5000个字符' }),
  user_types: types,
});
export type NoticeSaveBody = z.infer<typeof noticeSaveBody>;

export const noticeIdBody = z.object({ id: intField('参数错误', 1, ID_MAX) });

export const NOTICE_STATUS_LABELS = { draft: '草稿', published: '已发布', withdrawn: '已撤回' } as const;
