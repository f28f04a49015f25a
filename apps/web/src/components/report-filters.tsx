import { DatePicker, Form, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { shanghaiNow } from '../lib/shanghai-day';

/** A report's period state: the last 30 Beijing days, and its start/end as the API takes them. */
export function useReportPeriod() {
  const [period, setPeriod] = useState<[Dayjs, Dayjs]>(() => [
    shanghaiNow().subtract(29, 'day'),
    shanghaiNow(),
  ]);
  const range = { start: period[0].format('YYYY-MM-DD'), end: period[1].format('YYYY-MM-DD') };
  return { period, setPeriod, range };
}

/** 统计日期 of a report: both ends required, nothing after today (Beijing); alone or in a Form.Item. */
export function ReportPeriodPicker(p: { value?: [Dayjs, Dayjs]; onChange?: (v: [Dayjs, Dayjs]) => void }) {
  const today = shanghaiNow();
  return (
    <DatePicker.RangePicker
      aria-label="统计日期"
      value={p.value}
      allowClear={false}
      disabledDate={(d) => d.isAfter(today, 'day')}
      onChange={(v) => v?.[0] && v[1] && p.onChange?.([v[0], v[1]])}
    />
  );
}

/** 门店 of a report (全部门店 when cleared); works alone or inside a Form.Item. */
export function StoreSelect(p: {
  stores: { id: number; name: string }[];
  value?: number;
  onChange?: (v: number | undefined) => void;
  width?: number;
}) {
  return (
    <Select
      aria-label="门店"
      placeholder="全部门店"
      allowClear
      style={{ width: p.width ?? 180 }}
      value={p.value}
      onChange={p.onChange}
      options={p.stores.map((s) => ({ value: s.id, label: s.name }))}
    />
  );
}

/** A filter form's 门店 (only when the caller has several stores) and its keyword, as Form.Items. */
export function StoreKeywordFields(p: {
  stores: { id: number; name: string }[];
  show: boolean;
  keyword: string;
}) {
  return (
    <>
      {p.show && (
        <Form.Item name="store_id">
          <StoreSelect stores={p.stores} width={160} />
        </Form.Item>
      )}
      <Form.Item name="keyword">
        <Input aria-label={p.keyword} placeholder={p.keyword} allowClear />
      </Form.Item>
    </>
  );
}
