import { ConflictError } from './errors.ts';

/**
 * Whether an error (or one of its causes: drizzle wraps the driver's error) is PostgreSQL's
 * unique_violation (23505): a concurrent insert won the race that a check-then-insert lost.
 */
export function isUniqueViolation(e: unknown): boolean {
  for (let x: unknown = e, i = 0; x && i < 5; i++) {
    if (typeof x === 'object' && (x as { code?: unknown }).code === '23505') return true;
    x = typeof x === 'object' ? (x as { cause?: unknown }).cause : undefined;
  }
  return false;
}

/** A check-then-insert that lost a race to a concurrent request: the unique index answers, as a conflict. */
export async function orConflict<T>(work: Promise<T>, msg: string): Promise<T> {
  try {
    return await work;
  } catch (e) {
    if (isUniqueViolation(e)) throw new ConflictError(msg);
    throw e;
  }
}
