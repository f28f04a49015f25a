import { type Audience, NEW_MEMBER_DAYS } from '@netbar/contract';

/** A member and machine against an activity's audience (decision 173). */
export function inAudience(
  a: Audience,
  m: { id: number; level_id: number; created_at: Date },
  machineId: number | undefined,
  now = new Date(),
): boolean {
  if (a.levels.length && !a.levels.includes(m.level_id)) return false;
  const isNew = now.getTime() - m.created_at.getTime() < NEW_MEMBER_DAYS * 86_400_000;
  if (a.visitor === 'new' && !isNew) return false;
  if (a.visitor === 'returning' && isNew) return false;
  const listed = a.members.includes(m.id) || (machineId !== undefined && a.machines.includes(machineId));
  if (a.list_mode === 'exclude' && listed) return false;
  if (a.list_mode === 'apply' && !listed) return false;
  return true;
}

/** Whether the Shanghai minute of the day falls in a daily window (no windows: all day). */
export function inWindows(windows: { from: string; to: string }[], minute: number): boolean {
  if (!windows.length) return true;
  const m = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  return windows.some((w) => minute >= m(w.from) && minute < m(w.to));
}
