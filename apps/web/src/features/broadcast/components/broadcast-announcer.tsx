import { useAnnouncer } from '../announcer/use-announcer';

/** Mounted once in the header: speaks the store's live events (decision 189). Renders nothing. */
export function BroadcastAnnouncer() {
  useAnnouncer();
  return null;
}
