/**
 * A short two-note chime made with the Web Audio API (no sound file). Browsers let a page play sound
 * only after the user interacted with it: the audio context is created on the first click or key press
 * and resumed there; until then `chime()` stays silent.
 */
let ctx: AudioContext | undefined;
let armed = false;

export function armTone(
  target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window,
): () => void {
  if (armed) return () => {};
  armed = true;
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
  const opts = { once: true, capture: true } as const;
  target.addEventListener('pointerdown', unlock, opts);
  target.addEventListener('keydown', unlock, opts);
  return () => {
    armed = false;
    target.removeEventListener('pointerdown', unlock, opts);
    target.removeEventListener('keydown', unlock, opts);
  };
}

/** Plays the chime if sound is allowed yet; answers whether it played. */
export function chime(): boolean {
  const c = ctx;
  if (c?.state !== 'running') return false;
  const t0 = c.currentTime;
  for (const [i, freq] of [880, 1320].entries()) {
    const osc = c.createOscillator();
    const gain = c.createGain();
    osc.type = 'sine';
    osc.frequency.value = freq;
    const start = t0 + i * 0.18;
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.25, start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.16);
    osc.connect(gain).connect(c.destination);
    osc.start(start);
    osc.stop(start + 0.17);
  }
  return true;
}
