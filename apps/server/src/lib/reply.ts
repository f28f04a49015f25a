import { MSG, Status } from '@netbar/contract';
import { BizError } from './errors.ts';

/** A success envelope. */
export const ok = <T>(data: T, msg: string = MSG.ok) => ({ status: 200, msg, data });

const REPLAYED = '请求已处理';

/** A replayed request (its request_id already handled): 40007, the client shows nothing, with the same data. */
export const replayed = <T>(data: T) => ({ status: Status.SILENT_2, msg: REPLAYED, data });

/**
 * The same answer thrown from inside a service or a transaction (a retry found its first result): the
 * error handler sends 40007 with `data` and HTTP 200, as `replayed` reads.
 */
export const replayedError = (data: unknown, msg: string = REPLAYED) =>
  new BizError(Status.SILENT_2, msg, 200, data);
