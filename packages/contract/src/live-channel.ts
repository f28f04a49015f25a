// The live channel's constants, in a module without zod: the console's header imports them on every page
// after login, and terminal.ts (which re-exports them) builds its schemas at load (decision 098).

/** WebSocket close codes the console reads (4000-4999 are the application's). */
export const WS_CLOSE = {
  /** The session ended (logout, expiry, password change): log in again. */
  sessionGone: 4401,
  /** The store is no longer the user's, or was deleted. */
  storeGone: 4404,
  /** Too many messages. */
  tooFast: 4429,
  /** No PING for too long. */
  idle: 4408,
  /** The server process is stopping (SIGTERM, decision 193): reconnect, the balancer sends you to another. */
  restarting: 1012,
} as const;

/** Seconds between the console's PINGs; the server closes a socket silent for 3 of them. */
export const WS_PING_SECONDS = 25;

/**
 * Console-only extensions of the live channel (docs/decisions/114): kinds from 100 up, outside the
 * spec's message kinds (UNKNOWN -1, PING 1 … ALL 6), never in a terminal's feed.
 * SEATS 101: machines of the store changed state (a terminal's report, a logon or logoff, staff setting
 * 空闲/故障/停用, a reservation made, ended or expired); the console refreshes its seat map.
 * TIP 102: a member tipped a staff member from a PC (decision 148); the console shows a notification.
 * DRAW 103: a live draw (直播抽奖) was drawn (decision 178); the console announces its winners.
 * BALANCE_LOW 104: a member's balance is about to run out at a machine (the session's warning, decision 189).
 * BIRTHDAY 105: a member logged on at a machine on their birthday (decision 189). Both for the voice announcer.
 * GAME 106: a 赛事 result was recorded, confirmed or rejected (decision 187); the console reloads 赛事活动.
 */
export const ConsoleKind = {
  SEATS: 101,
  TIP: 102,
  DRAW: 103,
  BALANCE_LOW: 104,
  BIRTHDAY: 105,
  GAME: 106,
} as const;
