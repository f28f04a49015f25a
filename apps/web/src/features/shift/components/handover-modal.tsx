import {
  CASH_FACES_FEN,
  cashFaceLabel,
  fenToYuan,
  SHIFT_FLOAT_MAX_FEN,
  type ShiftCurrent,
  type ShiftHandoverResult,
  shiftHandoverBody,
  yuanInputToFen,
} from '@netbar/contract';
import { Alert, Checkbox, Descriptions, Form, Input, InputNumber, Modal, Select, Table } from 'antd';
import { useRef, useState } from 'react';
import { zodRule } from '../../../lib/zod-rules';
import { requestId } from '../api/shift-api';
import { useHandover } from '../api/shift-mutations';
import { useCashiers } from '../api/shift-queries';
import { handoverCheck, type Pieces } from './handover-math';
import { OverShort, Yuan } from './shift-figures';

interface Values {
  reason?: string;
  float_left?: number | null;
  next_cashier_id?: number;
  carry_orders?: boolean;
  remark?: string;
}

/**
 * 交班: count the drawer by denomination with expected against counted live, the over/short's reason
 * (required when they differ), the float left for the next shift, its cashier, and carrying the open
 * orders over. The request id is kept until the handover lands, so a retry hands over once.
 */
export function HandoverModal({
  current,
  open,
  onClose,
  onDone,
}: {
  current: ShiftCurrent;
  open: boolean;
  onClose: () => void;
  onDone: (r: ShiftHandoverResult) => void;
}) {
  const [form] = Form.useForm<Values>();
  const [pieces, setPieces] = useState<Pieces>({});
  const rid = useRef(requestId());
  const cashiers = useCashiers(open);
  const shift = current.shift;
  const expected = current.figures?.expected_cash_fen ?? shift?.float_fen ?? 0;
  const check = handoverCheck(pieces, expected);
  const handover = useHandover({
    success: '交班成功',
    onSuccess: (r) => {
      rid.current = requestId();
      setPieces({});
      onDone(r.data);
    },
  });
  if (!shift) return null;
  const submit = async () => {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    handover.mutate({
      id: shift.id,
      request_id: rid.current,
      counts: check.lines,
      reason: v.reason?.trim() || undefined,
      float_left_fen: yuanInputToFen(v.float_left),
      next_cashier_id: v.next_cashier_id,
      carry_orders: !!v.carry_orders,
      remark: v.remark?.trim() || undefined,
    });
  };
  const faces = CASH_FACES_FEN.map((face) => ({ face }));
  return (
    <Modal
      open={open}
      title={`交班 · ${shift.shift_no}`}
      width={720}
      onCancel={onClose}
      onOk={submit}
      okText="确认交班"
      confirmLoading={handover.isPending}
      okButtonProps={{ disabled: check.negative }}
    >
      <Table
        size="small"
        rowKey="face"
        pagination={false}
        dataSource={faces}
        columns={[
          { title: '面额', dataIndex: 'face', render: (f: number) => cashFaceLabel(f) },
          {
            title: '张数',
            key: 'count',
            render: (_: unknown, r: { face: number }) => (
              <InputNumber
                aria-label={`${cashFaceLabel(r.face)}张数`}
                min={0}
                max={100000}
                precision={0}
                value={pieces[r.face] ?? null}
                onChange={(n) => setPieces((p) => ({ ...p, [r.face]: n }))}
              />
            ),
          },
          {
            title: '金额(元)',
            key: 'amount',
            align: 'right',
            render: (_: unknown, r: { face: number }) => fenToYuan(r.face * (pieces[r.face] ?? 0)),
          },
        ]}
      />
      <Descriptions size="small" column={3} bordered style={{ margin: '16px 0' }}>
        <Descriptions.Item label="应有现金">
          <Yuan fen={expected} strong />
        </Descriptions.Item>
        <Descriptions.Item label="实点现金">
          <Yuan fen={check.counted} strong />
        </Descriptions.Item>
        <Descriptions.Item label="长短款">
          <span data-testid="handover-diff">
            <OverShort fen={check.diff} />
          </span>
        </Descriptions.Item>
      </Descriptions>
      {current.open_orders > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={`本班次还有 ${current.open_orders} 笔订单待支付或制作中：须结转到下一班次才能交班`}
        />
      )}
      <Form form={form} layout="vertical" initialValues={{ float_left: shift.float_fen / 100 }}>
        <Form.Item
          name="reason"
          label="长短款原因"
          required={check.diff !== 0}
          rules={[
            zodRule(shiftHandoverBody.shape.reason),
            {
              validator: async (_r, v?: string) => {
                if (check.diff !== 0 && !v?.trim())
                  throw new Error('实点现金与应有现金不符，请填写长短款原因');
              },
            },
          ]}
        >
          <Input aria-label="长短款原因" maxLength={100} />
        </Form.Item>
        <Form.Item
          name="float_left"
          label="留存备用金(元)"
          extra="留在钱箱中给下一班次的零钱"
          rules={[
            {
              validator: async (_r, v: number | null) => {
                const fen = yuanInputToFen(v);
                if (fen < 0 || fen > SHIFT_FLOAT_MAX_FEN)
                  throw new Error('留存备用金须为0-100000元之间的金额');
                if (fen > check.counted) throw new Error('留存备用金不能超过实点现金');
              },
            },
          ]}
        >
          <InputNumber aria-label="留存备用金" min={0} precision={2} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="next_cashier_id" label="接班人" extra="不选择接班人：门店打烊，不开下一班次">
          <Select
            aria-label="接班人"
            allowClear
            placeholder="请选择接班人"
            loading={cashiers.isLoading}
            options={(cashiers.data ?? []).map((c) => ({ value: c.id, label: `${c.name}（${c.role}）` }))}
            style={{ width: 240 }}
          />
        </Form.Item>
        {current.open_orders > 0 && (
          <Form.Item
            name="carry_orders"
            valuePropName="checked"
            rules={[
              {
                validator: async (_r, v?: boolean) => {
                  if (!v) throw new Error('请勾选结转未完成订单，或先处理这些订单');
                },
              },
            ]}
          >
            <Checkbox>结转 {current.open_orders} 笔未完成订单到下一班次</Checkbox>
          </Form.Item>
        )}
        <Form.Item name="remark" label="备注" rules={[zodRule(shiftHandoverBody.shape.remark)]}>
          <Input aria-label="备注" maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
