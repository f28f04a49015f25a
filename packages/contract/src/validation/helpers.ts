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

/** A required string whose every failure (missing, wrong type, empty, too long, bad pattern) says `msg`. */
export function text(msg: string, min: number, max: number, pattern?: RegExp) {
  const base = z
    .string({ error: msg })
    .trim()
    .min(min, { error: msg, abort: true })
    .max(max, { error: msg, abort: true });
  return pattern ? base.regex(pattern, { error: msg }) : base;
}

/** A required string with a separate message for the empty case. */
export function requiredThen(requiredMsg: string, msg: string, max: number, pattern: RegExp) {
  return z
    .string({ error: requiredMsg })
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
