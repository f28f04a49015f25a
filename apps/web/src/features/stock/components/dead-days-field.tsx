import { DEAD_STOCK_PRESETS, REPORT_MAX_DAYS } from '@netbar/contract';
import { InputNumber, Radio, Space } from 'antd';

/** 滞销天数: 7/15/30/60 at one click, or any N from 1 to 366 typed in. A Form control (value/onChange). */
export function DeadDaysField({ value, onChange }: { value?: number; onChange?: (v: number) => void }) {
  const preset = (DEAD_STOCK_PRESETS as readonly number[]).includes(value ?? 0) ? value : undefined;
  return (
    <Space>
      <span>无销售</span>
      <Radio.Group
        optionType="button"
        value={preset}
        onChange={(e) => onChange?.(e.target.value as number)}
        options={DEAD_STOCK_PRESETS.map((d) => ({ value: d, label: `${d}天` }))}
      />
      <InputNumber
        aria-label="自定义天数"
        min={1}
        max={REPORT_MAX_DAYS}
        precision={0}
        value={value}
        suffix="天"
        style={{ width: 100 }}
        onChange={(v) => {
          if (typeof v === 'number') onChange?.(v);
        }}
      />
    </Space>
  );
}
