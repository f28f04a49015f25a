/**
 * The announcer's fallback sound (decision 189): a three-note chime made with Web Audio (no sound file),
 * played where the browser has no Chinese voice or speech fails. Browsers allow sound only after the user
 * interacted with the page: the context is created on the first click or key press (`armChime`); until
 * then `playChime` stays silent and answers false.
 */
let ctx: AudioContext | undefined;

export function armChime(
  target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window,
): () => void {
  const unlock = () => {
    try {
      const Ctor =
        window.AudioContext ??
        (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
      if (!ctx && Ctor) ctx = new Ctor();
      void ctx?.resume();
    } catch {
      /* no audio on this device */
    }
  };
  const opts = { capture: true } as const;
  target.addEventListener('pointerdown', unlock, opts);
  target.addEventListener('keydown', unlock, opts);
  return () => {
    target.removeEventListener('pointerdown', unlock, opts);
    target.removeEventListener('keydown', unlock, opts);
  };
}

/** Plays the chime at `volume` (0-1) if sound is allowed yet; answers whether it played. */
export function playChime(volume = 1): boolean {
  const c = ctx;
  if (c?.state !== 'running') return false;
  const t0 = c.currentTime;
  const peak = Math.max(0.0002, 0.3 * volume);
  for (const [i, freq] of [660, 880, 1320].entries()) {
    const osc = c.createOscillator();
    const gain = c.createGain();
    osc.type = 'triangle';
    osc.frequency.value = freq;
    const start = t0 + i * 0.2;
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(peak, start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.3);
    osc.connect(gain).connect(c.destination);
    osc.start(start);
    osc.stop(start + 0.32);
  }
  return true;
}

/** How long the chime lasts, so a queue waits for it before the next announcement. */
export const CHIME_MS = 800;
