import { fenToYuan } from '@netbar/contract';
import { Button, InputNumber, Modal, Select, Space, Table, Typography } from 'antd';
import { useRef, useState } from 'react';
import { requestId } from '../api/desk-api';
import { useOrderGoods } from '../api/desk-mutations';
import { useSkus } from '../api/desk-queries';

type Line = { sku_id: number; name: string; price_fen: number; qty: number };

/** 点商品 to an open table: the lines are priced by the server and paid with the settlement. */
export function DeskGoodsModal({ sessionId, onClose }: { sessionId: number | null; onClose: () => void }) {
  const skus = useSkus(!!sessionId);
  const [lines, setLines] = useState<Line[]>([]);
  const [pick, setPick] = useState<number | undefined>();
  const rid = useRef(requestId());
  const order = useOrderGoods({
    success: '下单成功',
    onSuccess: () => {
      rid.current = requestId();
      setLines([]);
      onClose();
    },
  });
  if (!sessionId) return null;
  const add = (id?: number) => {
    const s = skus.data?.find((x) => x.item_id === id);
    if (!s) return;
    setLines((l) =>
      l.some((x) => x.sku_id === s.item_id)
        ? l.map((x) => (x.sku_id === s.item_id ? { ...x, qty: x.qty + 1 } : x))
        : [...l, { sku_id: s.item_id, name: s.name, price_fen: s.price_fen, qty: 1 }],
    );
    setPick(undefined);
  };
  return (
    <Modal
      open
      title="点商品"
      okText="下单"
      onCancel={onClose}
      okButtonProps={{ disabled: lines.length === 0 }}
      confirmLoading={order.isPending}
      onOk={() =>
        order.mutate({
          request_id: rid.current,
          session_id: sessionId,
          lines: lines.map((l) => ({ sku_id: l.sku_id, qty: l.qty })),
        })
      }
    >
      <Select
        aria-label="选择商品"
        showSearch={{ optionFilterProp: 'label' }}
        placeholder="搜索商品名称或条码"
        value={pick}
        loading={skus.isLoading}
        style={{ width: '100%', marginBottom: 12 }}
        options={(skus.data ?? []).map((s) => ({ value: s.item_id, label: `${s.name} ${s.barcode}`.trim() }))}
        onChange={add}
      />
      <Table<Line>
        size="small"
        rowKey="sku_id"
        pagination={false}
        dataSource={lines}
        locale={{ emptyText: '请选择商品' }}
        columns={[
          { title: '商品', dataIndex: 'name' },
          { title: '单价(元)', dataIndex: 'price_fen', align: 'right', render: (f: number) => fenToYuan(f) },
          {
            title: '数量',
            key: 'qty',
            render: (_: unknown, l) => (
              <Space>
                <InputNumber
                  aria-label={`${l.name}数量`}
                  min={1}
                  max={999}
                  precision={0}
                  value={l.qty}
                  onChange={(q) =>
                    setLines((all) => all.map((x) => (x.sku_id === l.sku_id ? { ...x, qty: q ?? 1 } : x)))
                  }
                />
                <Button
                  type="link"
                  size="small"
                  danger
                  onClick={() => setLines((all) => all.filter((x) => x !== l))}
                >
                  移除
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        按标价约 ¥{fenToYuan(lines.reduce((s, l) => s + l.price_fen * l.qty, 0))}
        ，以服务端计价为准，结账时一并支付
      </Typography.Paragraph>
    </Modal>
  );
}
