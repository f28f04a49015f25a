import { auditQrcodeBody, type FixedQrcode, QRCODE_STATUS_LABELS, type QrcodeStatus } from '@netbar/contract';
import { Button, Form, Input, Modal, Popconfirm, Space, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { ChoiceFilter, KeywordFilter } from '../../../components/list-filters';
import { PageTable } from '../../../components/page-table';
import { zodRule } from '../../../lib/zod-rules';
import { fetchQrcodeQueue } from '../api/payment-method-api';
import { paymentMethodKeys } from '../api/payment-method-keys';
import { useAuditQrcode } from '../api/payment-method-mutations';

const STATUS_COLOR = { 0: 'gold', 1: 'green', 2: 'red' } as const;
const STATUS_OPTIONS = ([0, 1, 2] as QrcodeStatus[]).map((s) => ({
  value: s,
  label: QRCODE_STATUS_LABELS[s],
}));

/** 驳回: the reason the store will read. */
function RejectDialog({ row, onClose }: { row: FixedQrcode | null; onClose: () => void }) {
  const [form] = Form.useForm<{ reason: string }>();
  const audit = useAuditQrcode({ success: '已驳回', onSuccess: onClose });
  const submit = async () => {
    if (!row) return;
    let v: { reason: string };
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    audit.mutate({ id: row.id, status: 2, reason: v.reason });
  };
  return (
    <Modal
      open={!!row}
      title={`驳回${row?.netbar_name ?? ''}的固定收款码`}
      okText="驳回"
      okButtonProps={{ danger: true }}
      cancelText="取消"
      confirmLoading={audit.isPending}
      onOk={submit}
      onCancel={onClose}
      afterClose={() => form.resetFields()}
      forceRender
    >
      <Form form={form} layout="vertical" name="qrcode-reject">
        <Form.Item
          name="reason"
          label="驳回原因"
          rules={[
            zodRule(auditQrcodeBody.shape.reason),
            { required: true, message: '请填写驳回原因（1-100个字符）' },
          ]}
        >
          <Input.TextArea rows={3} maxLength={100} showCount placeholder="门店将看到这段原因" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * /merchantManage/fixed_qrcode_audit (6120, decision 162): the payment company's queue of stores' fixed
 * QR codes, pending first; approve, or reject with a reason; filter by status and store, pages 10/20/30/50.
 */
export default function QrcodeAuditPage() {
  const [rejecting, setRejecting] = useState<FixedQrcode | null>(null);
  const approve = useAuditQrcode({ success: '已通过' });
  const columns: TableColumnsType<FixedQrcode> = [
    { title: '门店', dataIndex: 'netbar_name' },
    { title: '申请时间', dataIndex: 'created_at', width: 180 },
    {
      title: '状态',
      dataIndex: 'status',
      width: 100,
      render: (s: QrcodeStatus) => <Tag color={STATUS_COLOR[s]}>{QRCODE_STATUS_LABELS[s]}</Tag>,
    },
    {
      title: '审核',
      key: 'audit',
      render: (_, r) => (r.audited_at ? `${r.audited_by} ${r.audited_at}` : '-'),
    },
    { title: '驳回原因', dataIndex: 'reason', render: (v: string) => v || '-' },
    {
      title: '操作',
      key: 'ops',
      width: 140,
      render: (_, r) =>
        r.status === 0 ? (
          <Space size={0}>
            <Popconfirm
              title={`通过${r.netbar_name}的固定收款码？`}
              okText="通过"
              cancelText="取消"
              onConfirm={() => approve.mutate({ id: r.id, status: 1 })}
            >
              <Button type="link" size="small">
                通过
              </Button>
            </Popconfirm>
            <Button type="link" size="small" danger onClick={() => setRejecting(r)}>
              驳回
            </Button>
          </Space>
        ) : (
          '-'
        ),
    },
  ];
  return (
    <>
      <PageTable<FixedQrcode, { status?: QrcodeStatus; keyword?: string }>
        title="固定收款码审核"
        queryKey={paymentMethodKeys.queue()}
        fetcher={fetchQrcodeQueue}
        columns={columns}
        rowKey="id"
        filterFormName="qrcode-audit-filter"
        filterFields={
          <>
            <ChoiceFilter name="status" label="审核状态" options={STATUS_OPTIONS} />
            <KeywordFilter label="门店名称" width={180} />
          </>
        }
      />
      <RejectDialog row={rejecting} onClose={() => setRejecting(null)} />
    </>
  );
}
