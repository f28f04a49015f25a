import {
  DESK_PAY_METHOD_LABEL,
  DESK_SESSION_STATUS_LABEL,
  type DeskGoodsOrder,
  type DeskPayment,
  fenToYuan,
  TILL_KIND_LABELS,
  type TillKindValue,
  tillMethodLabel,
} from '@netbar/contract';
import { Alert, Descriptions, Drawer, Spin, Table, Tag, Typography } from 'antd';
import { useDeskOrder } from '../api/desk-queries';

const yuan = (f: number) => fenToYuan(f);

/** One table order: the desk, time, the bill (time fee, 低消补足, goods), the goods orders and payments. */
export function DeskOrderDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const q = useDeskOrder(id);
  const o = q.data;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={760}
      title={o ? `桌台订单 ${o.session_no}` : '桌台订单'}
    >
      {q.isLoading && <Spin />}
      {q.isError && <Alert type="error" showIcon title="加载桌台订单失败" />}
      {o && (
        <>
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label="包间/桌台">{o.desk_name}</Descriptions.Item>
            <Descriptions.Item label="状态">
              <Tag color={o.status === 'open' ? 'blue' : o.status === 'settled' ? 'green' : 'default'}>
                {DESK_SESSION_STATUS_LABEL[o.status]}
              </Tag>
            </Descriptions.Item>
            <Descriptions.Item label="顾客">
              {o.member_name || o.customer_name || '散客'} {o.mobile}
            </Descriptions.Item>
            <Descriptions.Item label="人数">{o.guests || '—'}</Descriptions.Item>
            <Descriptions.Item label="开台">{o.opened_at}</Descriptions.Item>
            <Descriptions.Item label="结束">{o.closed_at || '—'}</Descriptions.Item>
            <Descriptions.Item label="时长">
              {Math.floor(o.bill.minutes / 60)}小时{o.bill.minutes % 60}分钟
            </Descriptions.Item>
            <Descriptions.Item label="时长费">¥{yuan(o.bill.time_fee_fen)}</Descriptions.Item>
            <Descriptions.Item label="商品">¥{yuan(o.bill.goods_fen)}</Descriptions.Item>
            <Descriptions.Item label="低消补足">¥{yuan(o.bill.min_topup_fen)}</Descriptions.Item>
            <Descriptions.Item label="合计">
              <Typography.Text strong>¥{yuan(o.bill.total_fen)}</Typography.Text>
              {o.status === 'open' ? '（按当前时间）' : ''}
            </Descriptions.Item>
            <Descriptions.Item label="支付方式">
              {o.pay_method ? DESK_PAY_METHOD_LABEL[o.pay_method] : '—'}
            </Descriptions.Item>
            <Descriptions.Item label="收银员">{o.cashier_name}</Descriptions.Item>
            {o.cancel_reason && <Descriptions.Item label="取消原因">{o.cancel_reason}</Descriptions.Item>}
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            商品订单
          </Typography.Title>
          <Table<DeskGoodsOrder>
            size="small"
            rowKey="order_id"
            pagination={false}
            dataSource={o.goods}
            locale={{ emptyText: '未点商品' }}
            columns={[
              { title: '订单号', dataIndex: 'order_no' },
              {
                title: '商品',
                key: 'lines',
                render: (_: unknown, g) => g.lines.map((l) => `${l.name}×${l.qty}`).join('、'),
              },
              { title: '金额(元)', dataIndex: 'total_fen', align: 'right', render: yuan },
              { title: '时间', dataIndex: 'created_at' },
            ]}
          />
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            收款
          </Typography.Title>
          <Table<DeskPayment>
            size="small"
            rowKey={(p) => `${p.at}-${p.kind}-${p.method}-${p.amount_fen}`}
            pagination={false}
            dataSource={o.payments}
            locale={{ emptyText: '未结账' }}
            columns={[
              {
                title: '类型',
                dataIndex: 'kind',
                render: (k: string) => TILL_KIND_LABELS[k as TillKindValue] ?? k,
              },
              { title: '方式', dataIndex: 'method', render: tillMethodLabel },
              { title: '金额(元)', dataIndex: 'amount_fen', align: 'right', render: yuan },
              { title: '时间', dataIndex: 'at' },
              { title: '操作人', dataIndex: 'user_name' },
            ]}
          />
        </>
      )}
    </Drawer>
  );
}
