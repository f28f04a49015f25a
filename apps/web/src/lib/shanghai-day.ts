import { shanghaiDateTime } from '@netbar/contract';
import dayjs, { type Dayjs } from 'dayjs';

/**
 * Now on the Beijing wall clock (Asia/Shanghai), whatever the browser's time zone: the default dates
 * of filters and forms (today, this month) are Beijing days, as the server counts them.
 */
export const shanghaiNow = (): Dayjs => dayjs(shanghaiDateTime());

/** Today in Beijing as YYYY-MM-DD. */
export const shanghaiToday = (): string => shanghaiNow().format('YYYY-MM-DD');
