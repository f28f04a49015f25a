/** Column totals of a statistics table: the same sums for the screen's 合计 row and the export's. */
export function sumColumns<K extends string>(
  list: readonly Record<K, number>[],
  keys: readonly K[],
): Record<K, number> {
  const total = Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;
  for (const row of list) for (const k of keys) total[k] += row[k];
  return total;
}
