import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import {
  STOCK_DOC_INFO,
  STOCK_LOCATION_LABELS,
  type StockDocTypeValue,
  yuanInputToFen,
} from '@netbar/contract';
import { Alert, Button, Form, Input, InputNumber, Modal, Select, Space } from 'antd';
import { useState } from 'react';
import { feedback } from '../../../lib/feedback';
import { requestId } from '../api/stock-api';
import { useSaveDoc, warnOf } from '../api/stock-mutations';
import { useItemOptions } from '../api/stock-queries';

/** New stock document: lines of items of the document's kind; save as draft, or save and post at once. */
export function DocFormModal({
  type,
  open,
  onClose,
}: {
  type: StockDocTypeValue;
  open: boolean;
  onClose: (saved: boolean) => void;
}) {
  const [form] = Form.useForm();
  const [rid, setRid] = useState(requestId);
  const info = STOCK_DOC_INFO[type];
  const save = useSaveDoc();
  const busy = save.isPending;
  const items = useItemOptions(open);
  const options = (items.data ?? []).filter((i) => i.item_kind === info.itemKind && !i.has_recipe);
  const route = `${info.from ? STOCK_LOCATION_LABELS[info.from] : '供应商'} → ${info.to ? STOCK_LOCATION_LABELS[info.to] : info.title === '报损单' ? '报损' : '出库'}`;

  /** Saves (and posts): a refused save keeps the dialog open with its lines; the request client says why. */
  const submit = async (post: boolean) => {
    let v: { lines: { item_id: number; qty: number; cost?: number | null }[]; remark?: string };
    try {
      v = await form.validateFields();
    } catch {
      return; // the form shows what is missing
    }
    const lines = v.lines.map((l) => ({
      item_kind: info.itemKind,
      item_id: l.item_id,
      qty: l.qty,
      cost_fen: l.cost === undefined || l.cost === null ? undefined : yuanInputToFen(l.cost),
    }));
    save.mutate(
      { doc_type: type, remark: v.remark, lines, post: post ? '1' : '0', request_id: post ? `${rid}p` : rid },
      {
        onSuccess: (r) => {
          feedback.success(post ? `${info.title}已过账：${r.data.doc_no}` : `已保存草稿：${r.data.doc_no}`);
          warnOf(r);
          form.resetFields();
          setRid(requestId());
          onClose(true);
        },
      },
    );
  };

  return (
    <Modal
      title={`新建${info.title}`}
      open={open}
      width={720}
      onCancel={() => onClose(false)}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={() => onClose(false)}>取消</Button>
          <Button loading={busy} onClick={() => submit(false)}>
            保存草稿
          </Button>
          <Button type="primary" loading={busy} onClick={() => submit(true)}>
            保存并过账
          </Button>
        </Space>
      }
    >
      <Alert type="info" showIcon style={{ marginBottom: 12 }} title={`库存流向：${route}`} />
      <Form form={form} layout="vertical" initialValues={{ lines: [{}] }}>
        <Form.List name="lines">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f) => (
                <Space key={f.key} align="baseline">
                  <Form.Item
                    name={[f.name, 'item_id']}
                    rules={[{ required: true, message: '请选择' }]}
                    style={{ width: 300 }}
                  >
                    <Select
                      aria-label={info.itemKind === 'goods' ? '商品' : '原料'}
                      showSearch={{ optionFilterProp: 'label' }}
                      placeholder={info.itemKind === 'goods' ? '选择商品' : '选择原料'}
                      options={options.map((i) => ({
                        value: i.item_id,
                        label: `${i.name}（${i.unit}）${i.barcode ? ` ${i.barcode}` : ''}`,
                      }))}
                    />
                  </Form.Item>
                  <Form.Item name={[f.name, 'qty']} rules={[{ required: true, message: '请输入数量' }]}>
                    <InputNumber
                      aria-label="数量"
                      min={1}
                      precision={0}
                      placeholder="数量"
                      style={{ width: 120 }}
                    />
                  </Form.Item>
                  {info.to && !info.from && (
                    <Form.Item name={[f.name, 'cost']}>
                      <InputNumber
                        aria-label="进价(元)"
                        min={0}
                        precision={2}
                        placeholder="进价(元)"
                        style={{ width: 130 }}
                      />
                    </Form.Item>
                  )}
                  {fields.length > 1 && (
                    <MinusCircleOutlined onClick={() => remove(f.name)} aria-label="删除行" />
                  )}
                </Space>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({})}>
                添加明细
              </Button>
            </>
          )}
        </Form.List>
        <Form.Item name="remark" label="备注" style={{ marginTop: 12 }}>
          <Input maxLength={100} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
