import { chargeSession, fromShanghai, rateRulesSchema, shanghaiDateTime } from '@netbar/contract';
import { Alert, DatePicker, InputNumber, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { type PlanValues, toRules } from './plan-form-values';
import { durationText, yuan } from './session-format';

/** 试算: what a session from a start time for some hours costs under the plan being edited (the server's engine). */
export function PlanPreview({ values }: { values: PlanValues | undefined }) {
  const [start, setStart] = useState<Dayjs>(() => dayjs(shanghaiDateTime().slice(0, 10)).hour(21));
  const [hours, setHours] = useState<number>(3);
  const parsed = values ? rateRulesSchema.safeParse(toRules(values)) : undefined;
  const startMs = fromShanghai(start.format('YYYY-MM-DD HH:mm')).getTime();
  const charge = parsed?.success
    ? chargeSession(parsed.data, startMs, startMs + hours * 3_600_000)
    : undefined;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <span>上机时间</span>
        <DatePicker
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          allowClear={false}
          value={start}
          onChange={(v) => v && setStart(v)}
          aria-label="试算上机时间"
        />
        <span>上机时长</span>
        <InputNumber
          min={0.1}
          max={48}
          step={0.5}
          value={hours}
          onChange={(v) => setHours(v ?? 1)}
          suffix="小时"
          aria-label="试算上机时长"
          style={{ width: 120 }}
        />
      </Space>
      {charge ? (
        <Alert
          type="info"
          showIcon
          title={`共${durationText(charge.minutes)}，应收${yuan(charge.total_fen)}`}
          description={
            <Typography.Text type="secondary">
              {charge.lines
                .map((l) => `${l.name}${l.minutes ? ` ${durationText(l.minutes)}` : ''} ${yuan(l.fen)}`)
                .join('；')}
            </Typography.Text>
          }
        />
      ) : (
        <Alert type="warning" showIcon title={parsed?.error?.issues[0]?.message ?? '请填写方案后试算'} />
      )}
    </Space>
  );
}
