import { armAudio, playNotes } from '../../lib/web-audio';

/** The seat-order and call chime: two short notes (lib/web-audio). Sound is allowed after a click or key. */
export const armTone = armAudio;

/** Plays the chime if sound is allowed yet; answers whether it played. */
export const chime = (): boolean =>
  playNotes({ freqs: [880, 1320], wave: 'sine', step: 0.18, length: 0.15, peak: 0.25 });
