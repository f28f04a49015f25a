import { MSG, Status } from '@netbar/contract';

/** A success envelope. */
export const ok = <T>(data: T, msg: string = MSG.ok) => ({ status: 200, msg, data });

/** A replayed request (its request_id already handled): 40007, the client shows nothing, with the same data. */
export const replayed = <T>(data: T) => ({ status: Status.SILENT_2, msg: '请求已处理', data });
