import { describe, expect, it } from 'vitest';
import { serialPasses } from './session-checkpoint.ts';

/** The checkpoint job's schedule (decision 121): passes never overlap; a tick during a pass is not lost. */

const gate = () => {
  let open = () => {};
  const p = new Promise<void>((r) => {
    open = r;
  });
  return { p, open };
};

describe('serialPasses', () => {
  it('never runs two passes at once; ticks during a pass coalesce into one pass right after it', async () => {
    const log: string[] = [];
    let live = 0;
    const gates = [gate(), gate(), gate()];
    let n = 0;
    const passes = serialPasses(async () => {
      const i = n++;
      live++;
      log.push(`start${i}:${live}`);
      await gates[i]!.p;
      live--;
      log.push(`end${i}`);
    });
    const first = passes.tick();
    const second = passes.tick();
    const third = passes.tick();
    await Promise.resolve();
    expect(log).toEqual(['start0:1']);
    gates[0]!.open();
    gates[1]!.open();
    await Promise.all([first, second, third]);
    // three ticks, two passes: the one running and one after it, never side by side
    expect(log).toEqual(['start0:1', 'end0', 'start1:1', 'end1']);
    gates[2]!.open();
    await passes.tick();
    expect(log.at(-1)).toBe('end2');
  });

  it('stop lets the running pass end and starts no other', async () => {
    let runs = 0;
    const g = gate();
    const passes = serialPasses(async () => {
      runs++;
      await g.p;
    });
    void passes.tick();
    void passes.tick();
    const stopped = passes.stop();
    g.open();
    await stopped;
    await passes.tick();
    expect(runs).toBe(1);
  });
});
