import type { FormRule } from 'antd';
import type { z } from 'zod';

/**
 * Rules for the given fields that run a schema loaded on first use: the page that shows the form does
 * not download zod until someone types or submits (the login page, docs/decisions/008-login-weight.md).
 */
export function lazyZodRules<K extends string>(
  fields: readonly K[],
  load: () => Promise<z.ZodObject<Record<K, z.ZodType>>>,
): Record<K, FormRule[]> {
  let schema: Promise<z.ZodObject<Record<K, z.ZodType>>> | undefined;
  const out = {} as Record<K, FormRule[]>;
  for (const key of fields) {
    out[key] = [
      {
        validator: async (_rule, value: unknown) => {
          schema ??= load();
          const result = (await schema).shape[key].safeParse(value === null ? undefined : value);
          if (!result.success) throw new Error(result.error.issues[0]?.message ?? '请输入内容');
        },
      },
    ];
  }
  return out;
}
