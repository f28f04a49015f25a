import { firstZodMessage } from '@netbar/contract';
import type { FormRule } from 'antd';
import type { z } from 'zod';

/** Whether a schema refuses an empty value (used for the required mark only). */
export function isRequired(schema: z.ZodType): boolean {
  return !schema.safeParse(undefined).success && !schema.safeParse('').success;
}

/** A validator rule: fits both Form.Item and Form.List `rules`. */
export type ZodRule = FormRule & { validator: (rule: unknown, value: unknown) => Promise<void> };

/** One antd rule that runs a zod schema and reports its first (Chinese) message. */
export function zodRule(schema: z.ZodType): ZodRule {
  return {
    validator: async (_rule: unknown, value: unknown) => {
      const result = schema.safeParse(value === null ? undefined : value);
      if (!result.success) throw new Error(firstZodMessage(result.error));
    },
  };
}

type Shape = Record<string, z.ZodType>;

/** antd rules for every field of a zod object schema: `rules[field]` goes to `<Form.Item rules>`. */
export function zodFormRules<S extends Shape>(schema: z.ZodObject<S>): { [K in keyof S]: ZodRule[] } {
  const out = {} as { [K in keyof S]: ZodRule[] };
  for (const key of Object.keys(schema.shape) as (keyof S)[]) {
    out[key] = [zodRule(schema.shape[key])];
  }
  return out;
}

/** Which fields of an object schema are required (for Form.Item's `required` mark). */
export function zodRequired<S extends Shape>(schema: z.ZodObject<S>): { [K in keyof S]: boolean } {
  const out = {} as { [K in keyof S]: boolean };
  for (const key of Object.keys(schema.shape) as (keyof S)[]) out[key] = isRequired(schema.shape[key]);
  return out;
}
