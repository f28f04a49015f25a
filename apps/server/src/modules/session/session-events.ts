import type { SessionEvents } from './session.service.ts';

/**
 * Where session events (the 10-minutes-left warning, a session's end) go: the terminal domain's live
 * channel plugs itself in once (`setSessionEvents`, exported by index.ts); until then nothing is sent
 * and billing is unaffected.
 */
let current: SessionEvents | null = null;

export function setSessionEvents(e: SessionEvents | null): void {
  current = e;
}
export const sessionEvents = (): SessionEvents | null => current;
