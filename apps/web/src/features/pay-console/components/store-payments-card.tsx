import { fenToYuan, fenToYuanPlain, PAYMENT_PURPOSE_LABELS, type TradeRow } from '@netbar/contract';
import { Button, Form, Input, InputNumber, Modal, type TableColumnsType, Tabs } from 'antd';
import { useState } from 'react';
import { PageTable } from '../../../components/page-table';
import { fetchStoreTrades, newRequestId, type TradeFilters } from '../api/pay-console-api';
import { payConsoleKeys } from '../api/pay-console-keys';
import { useAddRefundRequest } from '../api/pay-console-mutations';
import { ImportedCollectionsTable } from './imported-collections-table';
import { methodLabel, PaymentStatusTag, RequestTag, yuan } from './trade-labels';

/** 申请退款: an amount up to what is left and a reason; the payment company decides. */
function RefundRequestModal({ payment, onClose }: { payment: TradeRow | null; onClose: () => void }) {
  const [form] = Form.useForm<{ amount: number; reason: string }>();
  const [rid, setRid] = useState(newRequestId);
  const add = useAddRefundRequest({
    success: '退款申请已提交，等待支付公司审核',
    onSuccess: () => {
      setRid(newRequestId());
      onClose();
    },
  });
  const left = payment ? payment.amount_fen - payment.refunded_fen : 0;
  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v || !payment) return;
    add.mutate({
      payment_no: payment.payment_no,
      amount: String(v.amount),
      reason: v.reason,
      request_id: rid,
    });
  };
  return (
    <Modal
      open={!!payment}
      title="申请退款"
      okText="提交申请"
      cancelText="取消"
      confirmLoading={add.isPending}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      {payment ? (
        <Form
          form={form}
          layout="vertical"
          name="refund-request"
          preserve={false}
          initialValues={{ amount: Number(fenToYuanPlain(left)) }}
        >
          <p>
            支付单 {payment.payment_no}，实收 ¥{fenToYuan(payment.amount_fen)}，可退 ¥{fenToYuan(left)}
          </p>
          <Form.Item
            name="amount"
            label="退款金额（元）"
            rules={[
              { required: true, message: '请填写退款金额' },
              {
                validator: (_, v: number | null) =>
                  v == null || (v > 0 && Math.round(v * 100) <= left)
                    ? Promise.resolve()
                    : Promise.reject(new Error('退款金额须大于0且不超过可退金额')),
              },
            ]}
          >
            <InputNumber min={0.01} max={left / 100} precision={2} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item
            name="reason"
            label="退款原因"
            rules={[
              { required: true, whitespace: true, message: '请填写退款原因（1-50个字符）' },
              { max: 50 },
            ]}
          >
            <Input.TextArea rows={2} maxLength={50} showCount />
          </Form.Item>
        </Form>
      ) : null}
    </Modal>
  );
}

/**
 * 收款记录 on 支付设置: 扫码收款记录 (decision 172), the store's own payments with their refund-request state
 * and a 申请退款 action (the payment company approves or rejects in 交易查询); and 历史导入 (decision 194),
 * the old product's online collection, read-only.
 */
export function StorePaymentsCard() {
  const [asking, setAsking] = useState<TradeRow | null>(null);
  const columns: TableColumnsType<TradeRow> = [
    { title: '支付单号', dataIndex: 'payment_no' },
    { title: '用途', dataIndex: 'purpose', render: (p: TradeRow['purpose']) => PAYMENT_PURPOSE_LABELS[p] },
    { title: '方式', dataIndex: 'method', render: methodLabel },
    { title: '金额', dataIndex: 'amount_fen', align: 'right', render: yuan },
    {
      title: '已退款',
      dataIndex: 'refunded_fen',
      align: 'right',
      render: (v: number) => (v ? yuan(v) : '-'),
    },
    {
      title: '状态',
      dataIndex: 'status',
      render: (s: TradeRow['status'], r) => (
        <>
          <PaymentStatusTag status={s} />
          <RequestTag status={r.request_status} />
        </>
      ),
    },
    { title: '支付时间', dataIndex: 'paid_at', width: 170, render: (v: string | null) => v ?? '-' },
    {
      title: '操作',
      key: 'ops',
      width: 90,
      render: (_, r) =>
        (r.status === '已支付' || r.status === '部分退款') && r.request_status !== '待审核' ? (
          <Button type="link" size="small" onClick={() => setAsking(r)}>
            申请退款
          </Button>
        ) : null,
    },
  ];
  const scan = (
    <PageTable<TradeRow, TradeFilters>
      title="扫码收款记录"
      queryKey={payConsoleKeys.storeTrades()}
      fetcher={fetchStoreTrades}
      columns={columns}
      rowKey="payment_no"
      size="small"
    />
  );
  return (
    <>
      <Tabs
        type="card"
        items={[
          { key: 'scan', label: '扫码收款记录', children: scan },
          { key: 'imported', label: '历史导入', children: <ImportedCollectionsTable /> },
        ]}
      />
      <RefundRequestModal payment={asking} onClose={() => setAsking(null)} />
    </>
  );
}
