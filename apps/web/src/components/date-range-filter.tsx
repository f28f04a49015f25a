import { DatePicker } from 'antd';
import type { Dayjs } from 'dayjs';
import { shanghaiNow } from '../lib/shanghai-day';

/** A chosen period, or null for all time. */
export type DateRange = [Dayjs, Dayjs] | null;

/** The period as the statistics calls take it (date_from / date_to); empty for all time. */
export const dateRangeQuery = (r: DateRange) =>
  r ? { date_from: r[0].format('YYYY-MM-DD'), date_to: r[1].format('YYYY-MM-DD') } : {};

/** The period picker of a statistics card: 本月 (上月), 近90天, 今年 in Beijing days; clearing it means all time. */
export function DateRangeFilter({
  value,
  onChange,
  lastMonth = false,
}: {
  value: DateRange;
  onChange: (r: DateRange) => void;
  /** Also offer 上月. */
  lastMonth?: boolean;
}) {
  return (
    <DatePicker.RangePicker
      aria-label="统计时段"
      placeholder={['开始日期', '结束日期']}
      value={value}
      allowClear
      onChange={(v) => onChange(v?.[0] && v[1] ? [v[0], v[1]] : null)}
      presets={[
        { label: '本月', value: [shanghaiNow().startOf('month'), shanghaiNow()] },
        ...(lastMonth
          ? [
              {
                label: '上月',
                value: [
                  shanghaiNow().subtract(1, 'month').startOf('month'),
                  shanghaiNow().subtract(1, 'month').endOf('month'),
                ] as [Dayjs, Dayjs],
              },
            ]
          : []),
        { label: '近90天', value: [shanghaiNow().subtract(89, 'day'), shanghaiNow()] },
        { label: '今年', value: [shanghaiNow().startOf('year'), shanghaiNow()] },
      ]}
    />
  );
}
