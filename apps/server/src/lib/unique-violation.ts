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
