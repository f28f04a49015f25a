import { z } from 'zod';

/** Form posts carry numbers as strings: turn a plain decimal string into a number, leave the rest. */
export function numberFromForm(v: unknown): unknown {
  if (typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v)) return Number(v);
  return v;
}

/** Empty strings and null count as "not given". */
export function emptyToUndefined(v: unknown): unknown {
  if (v === null) return undefined;
  if (typeof v === 'string' && v.trim() === '') return undefined;
  return v;
}

/**
 * Control characters other than tab and line breaks (NUL first: PostgreSQL text cannot hold it) are
 * never valid input; every shared string schema refuses them (docs/decisions/051-input-bounds.md).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
export const CONTROL_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
export const CONTROL_CHARS_MSG = '内容包含不允许的控制字符';
export const hasControlChars = (s: string) => CONTROL_CHARS.test(s);

/** Any string: control characters refused with `msg` (default 内容包含不允许的控制字符). */
export function plainString(msg?: string) {
  return z.string(msg ? { error: msg } : undefined).refine((s) => !hasControlChars(s), {
    error: CONTROL_CHARS_MSG,
    abort: true,
  });
}

/** A required string whose every failure (missing, wrong type, empty, too long, bad pattern) says `msg`. */
export function text(msg: string, min: number, max: number, pattern?: RegExp) {
  const base = z
    .string({ error: msg })
    .refine((s) => !hasControlChars(s), { error: CONTROL_CHARS_MSG, abort: true })
    .trim()
    .min(min, { error: msg, abort: true })
    .max(max, { error: msg, abort: true });
  return pattern ? base.regex(pattern, { error: msg }) : base;
}

/** A required string with a separate message for the empty case. */
export function requiredThen(requiredMsg: string, msg: string, max: number, pattern: RegExp) {
  return z
    .string({ error: requiredMsg })
    .refine((s) => !hasControlChars(s), { error: CONTROL_CHARS_MSG, abort: true })
    .trim()
    .min(1, { error: requiredMsg, abort: true })
    .max(max, { error: msg })
    .regex(pattern, { error: msg });
}

/** An optional field: '', whitespace, null and undefined become undefined; otherwise `schema` applies. */
export function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess(emptyToUndefined, schema.optional());
}

/** An integer from a number or a numeric form string, within [min, max]; every failure says `msg`. */
export function intField(msg: string, min: number, max: number) {
  return z.preprocess(
    numberFromForm,
    z.number({ error: msg }).int({ error: msg }).min(min, { error: msg }).max(max, { error: msg }),
  );
}

/** Like intField, but '' / null / undefined fall back to `fallback`. */
export function intWithDefault(msg: string, min: number, max: number, fallback: number) {
  return z.preprocess(
    (v) => numberFromForm(emptyToUndefined(v)),
    z
      .number({ error: msg })
      .int({ error: msg })
      .min(min, { error: msg })
      .max(max, { error: msg })
      .default(fallback),
  );
}

/** The first issue's message of a zod error (always Chinese for the contract's schemas). */
export function firstZodMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? '参数错误';
}
