/**
 * One queue for every announcement of the console (the live events and the settings page's 试听), so two
 * never overlap: each waits for the one before it to finish speaking or chiming (decision 189). A burst
 * beyond `max` waiting drops the newest: a backlog spoken minutes late helps nobody.
 */
export function createAnnounceQueue(max = 10) {
  let tail: Promise<void> = Promise.resolve();
  let waiting = 0;
  return {
    /** Runs `job` after the jobs before it; answers false when the queue is full (dropped). */
    push(job: () => Promise<unknown>): boolean {
      if (waiting >= max) return false;
      waiting += 1;
      tail = tail.then(async () => {
        try {
          await job();
        } catch {
          /* a failed announcement never stops the next */
        } finally {
          waiting -= 1;
        }
      });
      return true;
    },
    /** Resolves when everything queued so far is done (tests). */
    idle: () => tail,
    get size() {
      return waiting;
    },
  };
}

/** The console's one announcer queue. */
export const announceQueue = createAnnounceQueue();
