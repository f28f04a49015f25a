/**
 * Short notes made with the Web Audio API (no sound file), shared by the seat-order chime (terminal) and
 * the announcer's fallback (decision 189). Browsers let a page play sound only after the user interacted
 * with it: the one audio context is created and resumed on a click or key press (`armAudio`); until then
 * `playNotes` stays silent and answers false.
 */
let ctx: AudioContext | undefined;

/** Listens for the interaction that allows sound; answers the listeners' removal. */
export function armAudio(
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

export interface Notes {
  /** Frequencies in Hz, one oscillator each, played one after another. */
  freqs: number[];
  wave: OscillatorType;
  /** Seconds between the notes' starts, and each note's length. */
  step: number;
  length: number;
  /** Peak gain, 0-1. */
  peak: number;
}

/** Plays the notes if sound is allowed yet; answers whether they played. */
export function playNotes({ freqs, wave, step, length, peak }: Notes): boolean {
  const c = ctx;
  if (c?.state !== 'running') return false;
  const t0 = c.currentTime;
  for (const [i, freq] of freqs.entries()) {
    const osc = c.createOscillator();
    const gain = c.createGain();
    osc.type = wave;
    osc.frequency.value = freq;
    const start = t0 + i * step;
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(Math.max(0.0002, peak), start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + length);
    osc.connect(gain).connect(c.destination);
    osc.start(start);
    osc.stop(start + length + 0.02);
  }
  return true;
}
