import {
  fenToYuan,
  LEASE_LOSS_KIND_LABELS,
  LEASE_PAY_METHOD_LABELS,
  LEASE_PRICE_UNIT_LABELS,
  LEASE_STOCK_KIND_LABELS,
  type LeaseStockRow,
  type LeaseTillRow,
  TILL_KIND_LABELS,
  type TillKindValue,
  tillMethodLabel,
} from '@netbar/contract';
import { Alert, Descriptions, Drawer, Spin, Table, Typography } from 'antd';
import { useLeaseOrder } from '../api/lease-queries';
import { LeaseStatusTag } from './lease-status-tag';

const yuan = (f: number) => fenToYuan(f);

/** One lease: customer, item, times, deposit and fee, its till movements by shift and its stock rows. */
export function LeaseOrderDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const q = useLeaseOrder(id);
  const l = q.data;
  return (
    <Drawer open={id !== null} onClose={onClose} size={760} title={l ? `租赁单 ${l.lease_no}` : '租赁单'}>
      {q.isLoading && <Spin />}
      {q.isError && <Alert type="error" showIcon title="加载租赁单失败" />}
      {l && (
        <>
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label="状态">
              <LeaseStatusTag row={l} />
            </Descriptions.Item>
            <Descriptions.Item label="租用人">
              {l.member_name || l.customer_name || '散客'}
              {l.customer_phone ? `（${l.customer_phone}）` : ''}
            </Descriptions.Item>
            <Descriptions.Item label="物品">
              {l.item_name} × {l.qty}
            </Descriptions.Item>
            <Descriptions.Item label="计费">
              ¥{yuan(l.price_fen)}（{LEASE_PRICE_UNIT_LABELS[l.price_unit]}）
            </Descriptions.Item>
            <Descriptions.Item label="押金">
              ¥{yuan(l.deposit_fen)}（{LEASE_PAY_METHOD_LABELS[l.pay_method]}）
            </Descriptions.Item>
            <Descriptions.Item label="租金">¥{yuan(l.fee_fen)}</Descriptions.Item>
            <Descriptions.Item label="租出时间">{l.rented_at}</Descriptions.Item>
            <Descriptions.Item label="预计归还">{l.expected_return_at}</Descriptions.Item>
            <Descriptions.Item label={l.status === 'lost' ? '登记时间' : '归还时间'}>
              {l.closed_at || '—'}
            </Descriptions.Item>
            <Descriptions.Item label="退还押金">¥{yuan(l.refund_fen)}</Descriptions.Item>
            {l.extra_fen > 0 && <Descriptions.Item label="补交">¥{yuan(l.extra_fen)}</Descriptions.Item>}
            {l.loss_kind && (
              <Descriptions.Item label="丢失/损坏">{LEASE_LOSS_KIND_LABELS[l.loss_kind]}</Descriptions.Item>
            )}
            <Descriptions.Item label="收银员">{l.cashier_name}</Descriptions.Item>
            <Descriptions.Item label="办结人">{l.closed_by || '—'}</Descriptions.Item>
            {(l.remark || l.close_remark) && (
              <Descriptions.Item label="备注" span={2}>
                {[l.remark, l.close_remark].filter(Boolean).join('；')}
              </Descriptions.Item>
            )}
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            收支（计入班次）
          </Typography.Title>
          <Table<LeaseTillRow>
            size="small"
            rowKey={(r) => `${r.at}-${r.kind}-${r.method}-${r.amount_fen}`}
            pagination={false}
            dataSource={l.till}
            columns={[
              { title: '时间', dataIndex: 'at' },
              {
                title: '类型',
                dataIndex: 'kind',
                render: (k: string) => TILL_KIND_LABELS[k as TillKindValue] ?? k,
              },
              { title: '方式', dataIndex: 'method', render: tillMethodLabel },
              { title: '金额(元)', dataIndex: 'amount_fen', align: 'right', render: yuan },
              { title: '班次', dataIndex: 'shift_no' },
              { title: '操作人', dataIndex: 'user_name' },
            ]}
          />
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            数量变动
          </Typography.Title>
          <Table<LeaseStockRow>
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={l.stock}
            columns={[
              { title: '时间', dataIndex: 'at' },
              {
                title: '类型',
                dataIndex: 'kind',
                render: (k: LeaseStockRow['kind']) => LEASE_STOCK_KIND_LABELS[k],
              },
              { title: '在库变动', dataIndex: 'hand_delta', align: 'right' },
              { title: '租出变动', dataIndex: 'out_delta', align: 'right' },
              { title: '操作人', dataIndex: 'user_name' },
            ]}
          />
        </>
      )}
    </Drawer>
  );
}
