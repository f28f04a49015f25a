import { PrinterOutlined } from '@ant-design/icons';
import {
  APPROVAL_LABELS,
  fenToYuan,
  SHIFT_OPENED_LABELS,
  SHIFT_STATUS_LABELS,
  type ShiftMovement,
  TILL_KIND_LABELS,
  tillMethodLabel,
} from '@netbar/contract';
import { Alert, Button, Descriptions, Drawer, Input, Modal, Space, Spin, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { printReceiptPaper, ReceiptPaper } from '../../../components/receipt-paper';
import { useAppState } from '../../../lib/app-state';
import { useCurrentStoreName } from '../../store/api/current-store';
import { useApproveShift } from '../api/shift-mutations';
import { useShiftDetail, useSlipTemplate } from '../api/shift-queries';
import { renderHandoverSlip } from './handover-slip';
import { CountTable, KindMethodTable, OverShort, Yuan } from './shift-figures';

/** The columns of a shift's till movements (this drawer and the current shift's latest ones). */
export const movementColumns = [
  { title: '时间', dataIndex: 'at', width: 160 },
  {
    title: '类型',
    dataIndex: 'kind',
    render: (k: ShiftMovement['kind']) => TILL_KIND_LABELS[k] ?? k,
  },
  { title: '方式', dataIndex: 'method', render: tillMethodLabel },
  {
    title: '金额(元)',
    dataIndex: 'amount_fen',
    align: 'right' as const,
    render: (f: number) => <Yuan fen={f} />,
  },
  { title: '单号', dataIndex: 'ref_no' },
  { title: '备注', dataIndex: 'remark' },
  { title: '操作人', dataIndex: 'user_name' },
];

/**
 * One shift's handover record (交班单): the float apart, the movements by kind and method, the count by
 * denomination, expected against counted with the over/short and its reason, the carried orders, the
 * approval (the owner may approve or reject a pending one) and a reprint of the slip.
 */
export function ShiftDetailDrawer({
  id,
  onClose,
  canApprove = false,
}: {
  id: number | null;
  onClose: () => void;
  canApprove?: boolean;
}) {
  const q = useShiftDetail(id);
  const template = useSlipTemplate();
  // the slip's 店名: the store this console works in (every shift read here belongs to it)
  const user = useAppState((x) => x.user);
  const storeName = useCurrentStoreName(user) ?? user?.chain_name ?? undefined;
  const [slipOpen, setSlipOpen] = useState(false);
  const [remark, setRemark] = useState('');
  const approve = useApproveShift({ onSuccess: () => setRemark('') });
  const d = q.data;
  const s = d?.shift;
  const slip = d && slipOpen ? renderHandoverSlip(d, storeName, template.data) : null;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      title={s ? `交班单 ${s.shift_no}` : '交班单'}
      size={860}
      extra={
        s && (
          <Button icon={<PrinterOutlined />} onClick={() => setSlipOpen(true)}>
            {s.status === 'closed' ? '重打交班单' : '打印班次单'}
          </Button>
        )
      }
    >
      {q.isLoading && <Spin />}
      {q.isError && <Alert type="error" showIcon title="加载交班单失败" />}
      {d && s && (
        <Space orientation="vertical" size="large" style={{ width: '100%' }}>
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label="收银员">{s.cashier_name}</Descriptions.Item>
            <Descriptions.Item label="状态">
              <Tag color={s.status === 'open' ? 'green' : 'default'}>{SHIFT_STATUS_LABELS[s.status]}</Tag>
              {s.handover_due && <Tag color="orange">待点钞</Tag>}
            </Descriptions.Item>
            <Descriptions.Item label="开班时间">
              {s.opened_at}（{SHIFT_OPENED_LABELS[s.opened_how] ?? s.opened_how}）
            </Descriptions.Item>
            <Descriptions.Item label="交班时间">
              {s.closed_at ? `${s.closed_at}（${s.closed_how === 'auto' ? '自动交班' : '收银员交班'}）` : '—'}
            </Descriptions.Item>
            <Descriptions.Item label="备用金（开班）">
              <Yuan fen={s.float_fen} />
            </Descriptions.Item>
            <Descriptions.Item label="接班人">{s.next_cashier_name || '—'}</Descriptions.Item>
            <Descriptions.Item label="现金收入">
              <Yuan fen={d.figures.cash_in_fen} />
            </Descriptions.Item>
            <Descriptions.Item label="现金支出">
              <Yuan fen={-d.figures.cash_out_fen} />
            </Descriptions.Item>
            <Descriptions.Item label="应有现金">
              <Yuan fen={s.expected_cash_fen ?? d.figures.expected_cash_fen} strong />
            </Descriptions.Item>
            <Descriptions.Item label="实点现金">
              <Yuan fen={s.counted_cash_fen} strong />
            </Descriptions.Item>
            <Descriptions.Item label="长短款">
              <OverShort fen={s.over_short_fen} />
            </Descriptions.Item>
            <Descriptions.Item label="长短款原因">{s.over_short_reason || '—'}</Descriptions.Item>
            <Descriptions.Item label="留存备用金">
              <Yuan fen={s.float_left_fen} />
            </Descriptions.Item>
            <Descriptions.Item label="审批">
              {APPROVAL_LABELS[s.approval_status]}
              {s.approved_by ? `（${s.approved_by}）` : ''}
            </Descriptions.Item>
            {s.remark && (
              <Descriptions.Item label="备注" span={2}>
                {s.remark}
              </Descriptions.Item>
            )}
          </Descriptions>
          {canApprove && s.approval_status === 'pending' && (
            <Alert
              type="warning"
              showIcon
              title={`本班次${fenToYuan(Math.abs(s.over_short_fen ?? 0))}元${(s.over_short_fen ?? 0) < 0 ? '短款' : '长款'}待审批`}
              description={
                <Space wrap>
                  <Input
                    aria-label="审批意见"
                    placeholder="审批意见（选填）"
                    value={remark}
                    maxLength={200}
                    onChange={(e) => setRemark(e.target.value)}
                    style={{ width: 240 }}
                  />
                  <Button
                    type="primary"
                    loading={approve.isPending}
                    onClick={() => approve.mutate({ id: s.id, approve: true, remark: remark || undefined })}
                  >
                    审批通过
                  </Button>
                  <Button
                    danger
                    loading={approve.isPending}
                    onClick={() => approve.mutate({ id: s.id, approve: false, remark: remark || undefined })}
                  >
                    驳回
                  </Button>
                </Space>
              }
            />
          )}
          <section>
            <Typography.Title level={5}>收支明细（按类型与支付方式）</Typography.Title>
            <KindMethodTable figures={d.figures} />
          </section>
          <section>
            <Typography.Title level={5}>点钞明细</Typography.Title>
            <CountTable lines={d.count_detail} />
          </section>
          {d.carried_order_ids.length > 0 && (
            <section>
              <Typography.Title level={5}>结转订单</Typography.Title>
              <Typography.Paragraph>
                {d.carried_order_ids.length} 笔未完成订单转入下一班次（订单号 ID：
                {d.carried_order_ids.join('、')}）
              </Typography.Paragraph>
            </section>
          )}
          <section>
            <Typography.Title level={5}>流水（{d.movements.length}笔）</Typography.Title>
            <Table<ShiftMovement>
              size="small"
              rowKey="id"
              columns={movementColumns}
              dataSource={d.movements}
              pagination={{ pageSize: 10, hideOnSinglePage: true }}
              scroll={{ x: 'max-content' }}
            />
          </section>
        </Space>
      )}
      <Modal
        open={!!slip}
        title="交班单"
        onCancel={() => setSlipOpen(false)}
        okText="打印"
        cancelText="关闭"
        onOk={() => slip && printReceiptPaper(slip.paper_mm)}
        width={slip && slip.paper_mm === 80 ? 420 : 340}
      >
        {slip && <ReceiptPaper receipt={slip} label="交班单" />}
      </Modal>
    </Drawer>
  );
}
