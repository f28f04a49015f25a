import { fenToYuan, type Pager, RECHARGE_STATUS_LABELS, type RechargeRow } from '@netbar/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Select, Space, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { PageTable } from '../../../components/page-table';
import { downloadFile } from '../../../lib/download';
import { feedback } from '../../../lib/feedback';
import { http } from '../../../lib/http';

const KEY = ['admin', 'recharge'] as const;
const STATUS_COLOR: Record<number, string> = { 0: 'orange', 1: 'green', 2: 'default' };
type Action = { row: RechargeRow; kind: 'confirm' | 'reject' } | null;

/** /admin/recharge: confirm a bank transfer (credits the agent's wallet once) or reject it with a reason. */
export default function AdminRechargePage() {
  const qc = useQueryClient();
  const [action, setAction] = useState<Action>(null);
  const [form] = Form.useForm<{ text: string }>();
  const submit = async () => {
    if (!action) return;
    const { text } = await form.validateFields();
    try {
      if (action.kind === 'confirm')
        await http.post('admin_recharge_confirm', { id: action.row.id, transfer_ref: text });
      else await http.post('admin_recharge_reject', { id: action.row.id, reason: text });
      feedback.success(action.kind === 'confirm' ? '已确认到账' : '已驳回');
      setAction(null);
      form.resetFields();
      await qc.invalidateQueries({ queryKey: KEY });
    } catch {
      // shown by the request client
    }
  };
  const columns: TableColumnsType<RechargeRow> = [
    { title: '充值单号', dataIndex: 'order_no' },
    { title: '代理商', dataIndex: 'agent_name' },
    { title: '金额（元）', dataIndex: 'amount_fen', align: 'right', render: (v: number) => fenToYuan(v) },
    {
      title: '状态',
      dataIndex: 'status',
      render: (s: number) => <Tag color={STATUS_COLOR[s]}>{RECHARGE_STATUS_LABELS[s]}</Tag>,
    },
    { title: '备注', dataIndex: 'remark' },
    { title: '银行流水号/驳回原因', key: 'ref', render: (_, r) => r.transfer_ref || r.reason || '—' },
    { title: '申请时间', dataIndex: 'created_at' },
    {
      title: '操作',
      key: 'action',
      fixed: 'right',
      render: (_, r) =>
        r.status === 0 && (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => setAction({ row: r, kind: 'confirm' })}>
              确认到账
            </Button>
            <Button type="link" size="small" danger onClick={() => setAction({ row: r, kind: 'reject' })}>
              驳回
            </Button>
          </Space>
        ),
    },
  ];
  const confirm = action?.kind === 'confirm';
  return (
    <>
      <PageTable<RechargeRow>
        title="充值审核"
        queryKey={KEY}
        fetcher={async (p) => (await http.get<Pager<RechargeRow>>('admin_recharge_list', p)).data}
        onExport={(f) => downloadFile('admin_recharge_list_export', f, '充值审核.xlsx')}
        columns={columns}
        rowKey="id"
        initialFilters={{ status: 0 }}
        filterFields={
          <Form.Item name="status">
            <Select
              aria-label="状态"
              allowClear
              placeholder="状态"
              style={{ width: 110 }}
              options={Object.entries(RECHARGE_STATUS_LABELS).map(([v, l]) => ({
                value: Number(v),
                label: l,
              }))}
            />
          </Form.Item>
        }
      />
      <Modal
        title={confirm ? '确认到账' : '驳回充值单'}
        open={!!action}
        onOk={submit}
        onCancel={() => setAction(null)}
        destroyOnHidden
        okText={confirm ? '确认到账' : '驳回'}
      >
        <p>
          {action?.row.agent_name} · {action ? fenToYuan(action.row.amount_fen) : ''} 元 ·{' '}
          {action?.row.order_no}
        </p>
        <Form form={form} layout="vertical">
          <Form.Item
            name="text"
            label={confirm ? '银行流水号' : '驳回原因'}
            rules={[
              {
                required: true,
                whitespace: true,
                max: confirm ? 50 : 100,
                message: confirm ? '请填写银行流水号（1-50个字符）' : '请填写原因（1-100个字符）',
              },
            ]}
          >
            <Input placeholder={confirm ? '核对银行到账后填写' : '如：未收到转账'} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
