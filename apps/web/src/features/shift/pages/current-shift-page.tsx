import {
  type PettyType,
  SHIFT_FLOAT_MAX_FEN,
  type ShiftHandoverResult,
  type ShiftMovement,
  yuanInputToFen,
} from '@netbar/contract';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Empty,
  InputNumber,
  Result,
  Space,
  Spin,
  Statistic,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useRef, useState } from 'react';
import { TipPayoutButton } from '../../tip/components/tip-payout-button';
import { requestId } from '../api/shift-api';
import { useOpenShift } from '../api/shift-mutations';
import { useCurrentShift } from '../api/shift-queries';
import { HandoverModal } from '../components/handover-modal';
import { PettyModal } from '../components/petty-modal';
import { movementColumns, ShiftDetailDrawer } from '../components/shift-detail-drawer';
import { KindMethodTable } from '../components/shift-figures';

/** Open a shift: the float counted into the drawer (the request id kept until it lands). */
function OpenShiftCard() {
  const [floatYuan, setFloatYuan] = useState<number | null>(null);
  const rid = useRef(requestId());
  const open = useOpenShift({ success: '开班成功', onSuccess: () => (rid.current = requestId()) });
  const fen = yuanInputToFen(floatYuan);
  const bad = fen < 0 || fen > SHIFT_FLOAT_MAX_FEN;
  return (
    <Empty description="您当前没有进行中的班次">
      <Space>
        <InputNumber
          aria-label="备用金"
          addonBefore="备用金 ¥"
          min={0}
          precision={2}
          value={floatYuan}
          onChange={setFloatYuan}
          placeholder="0.00"
          status={bad ? 'error' : undefined}
          style={{ width: 220 }}
        />
        <Button
          type="primary"
          disabled={bad}
          loading={open.isPending}
          onClick={() => open.mutate({ float_fen: fen, request_id: rid.current })}
        >
          开班
        </Button>
      </Space>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        清点钱箱中的零钱后开班；未开班时收款会自动开班（备用金为0）。
      </Typography.Paragraph>
    </Empty>
  );
}

/**
 * 当前班次 (the cashier's own shift): the float apart, the money by kind and method, expected cash,
 * petty cash in and out with a reason, and the handover; after it, the slip to print.
 */
export default function CurrentShiftPage() {
  const q = useCurrentShift();
  const [petty, setPetty] = useState<PettyType | null>(null);
  const [handingOver, setHandingOver] = useState(false);
  const [slipId, setSlipId] = useState<number | null>(null);
  const [done, setDone] = useState<ShiftHandoverResult | null>(null);
  const c = q.data;
  const s = c?.shift;
  const f = c?.figures;
  return (
    <Card
      title="当前班次"
      extra={
        s && (
          <Space>
            <Button onClick={() => setPetty('deposit')}>备用金存入</Button>
            <Button onClick={() => setPetty('withdraw')}>备用金取出</Button>
            <Button onClick={() => setPetty('expense')}>支出</Button>
            {/* tips paid out in cash at the handover, for whoever holds 2741 (decision 148) */}
            <TipPayoutButton onPaid={() => void q.refetch()} />
            <Button onClick={() => setSlipId(s.id)}>班次明细</Button>
            <Button type="primary" onClick={() => setHandingOver(true)}>
              交班
            </Button>
          </Space>
        )
      }
    >
      {q.isLoading && <Spin />}
      {q.isError && <Alert type="error" showIcon title="加载当前班次失败" />}
      {done && (
        <Result
          status="success"
          title={`交班成功：${done.shift.shift_no}`}
          subTitle={
            done.next_shift
              ? `已为 ${done.next_shift.cashier_name} 开班 ${done.next_shift.shift_no}`
              : '门店已打烊，未开下一班次'
          }
          extra={
            <Space>
              <Button type="primary" onClick={() => setSlipId(done.shift.id)}>
                打印交班单
              </Button>
              <Button onClick={() => setDone(null)}>知道了</Button>
            </Space>
          }
        />
      )}
      {c && !s && !done && <OpenShiftCard />}
      {s && f && (
        <Space orientation="vertical" size="large" style={{ width: '100%' }}>
          {s.handover_due && (
            <Alert type="warning" showIcon title="已到自动交班时间，门店要求点钞：请清点现金后交班" />
          )}
          <Descriptions size="small" column={3} bordered>
            <Descriptions.Item label="班次号">{s.shift_no}</Descriptions.Item>
            <Descriptions.Item label="收银员">{s.cashier_name}</Descriptions.Item>
            <Descriptions.Item label="开班时间">
              {s.opened_at} <Tag color="green">当班中</Tag>
            </Descriptions.Item>
          </Descriptions>
          <Space size={48} wrap>
            <Statistic title="备用金(元)" value={s.float_fen / 100} precision={2} />
            <Statistic title="现金收入(元)" value={f.cash_in_fen / 100} precision={2} />
            <Statistic title="现金支出(元)" value={f.cash_out_fen / 100} precision={2} />
            <Statistic
              title="应有现金(元)"
              value={f.expected_cash_fen / 100}
              precision={2}
              styles={{ content: { color: '#1677ff' } }}
            />
            <Statistic title="未完成订单" value={c.open_orders} suffix="笔" />
          </Space>
          <section>
            <Typography.Title level={5}>收支明细（按类型与支付方式）</Typography.Title>
            <KindMethodTable figures={f} />
          </section>
          {c.recent && c.recent.length > 0 && (
            <section>
              <Typography.Title level={5}>最近流水</Typography.Title>
              <Table<ShiftMovement>
                size="small"
                rowKey="id"
                columns={movementColumns}
                dataSource={c.recent}
                pagination={{ pageSize: 10, hideOnSinglePage: true }}
                scroll={{ x: 'max-content' }}
              />
            </section>
          )}
        </Space>
      )}
      <PettyModal type={petty} onClose={() => setPetty(null)} />
      {c && (
        <HandoverModal
          current={c}
          open={handingOver}
          onClose={() => setHandingOver(false)}
          onDone={(r) => {
            setHandingOver(false);
            setDone(r);
          }}
        />
      )}
      <ShiftDetailDrawer id={slipId} onClose={() => setSlipId(null)} />
    </Card>
  );
}
