import { armAudio, playNotes } from '../../../lib/web-audio';

/**
 * The announcer's fallback sound (decision 189): three notes (lib/web-audio), played where the browser has
 * no Chinese voice or speech fails. Until the user has clicked or pressed a key `playChime` stays silent.
 */
export const armChime = armAudio;

/** Plays the chime at `volume` (0-1) if sound is allowed yet; answers whether it played. */
export const playChime = (volume = 1): boolean =>
  playNotes({ freqs: [660, 880, 1320], wave: 'triangle', step: 0.2, length: 0.3, peak: 0.3 * volume });

/** How long the chime lasts, so a queue waits for it before the next announcement. */
export const CHIME_MS = 800;
