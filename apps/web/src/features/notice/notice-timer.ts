import { NOTICE_MAX_INTERVAL_MS } from '@netbar/contract';

/** The delay before the next unread-count check: random between 0 and 20 minutes, drawn afresh each time. */
export function nextNoticeDelay(random: () => number = Math.random): number {
  const r = Math.min(Math.max(random(), 0), 1);
  return Math.floor(r * NOTICE_MAX_INTERVAL_MS);
}

/**
 * Call `check` after a random delay, again and again, each delay drawn afresh. Returns a stop function.
 */
export function startNoticeTimer(check: () => void, random: () => number = Math.random): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const schedule = () => {
    timer = setTimeout(() => {
      if (stopped) return;
      check();
      schedule();
    }, nextNoticeDelay(random));
  };
  schedule();
  return () => {
    stopped = true;
    if (timer !== undefined) clearTimeout(timer);
  };
}
