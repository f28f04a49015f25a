/**
 * Runs `pass` so that two never overlap (decision 121): a tick while one runs is not dropped but waits —
 * one more pass starts as soon as the running one ends (ticks meanwhile coalesce into that one). A tick
 * answers when no pass is running any more; `stop` lets the running pass end and starts no other.
 */
export function serialPasses(pass: () => Promise<void>) {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const tick = (): Promise<void> => {
    if (stopped) return running ?? Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await pass();
        } while (again && !stopped);
      } finally {
        running = null;
      }
    })();
    return running;
  };
  const stop = () => {
    stopped = true;
    return running ?? Promise.resolve();
  };
  return { tick, stop };
}
