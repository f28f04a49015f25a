import { MSG } from '@netbar/contract';

/** A success envelope. */
export const ok = <T>(data: T, msg: string = MSG.ok) => ({ status: 200, msg, data });
