import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { ALIGN_LABELS, ALIGNS, type Align, type PrintField, type PrintKind } from '@netbar/contract';
import { Button, Select, Space, Switch, Table } from 'antd';
import { addDivider, fieldLabel, moveField, removeField, setField } from './template-fields';

type Row = PrintField & { i: number };

/** The template's fields in print order: show/hide, alignment, up/down, and extra dividers. */
export function FieldList({
  kind,
  value,
  onChange,
}: {
  kind: PrintKind;
  value: PrintField[];
  onChange: (next: PrintField[]) => void;
}) {
  const rows: Row[] = value.map((f, i) => ({ ...f, i }));
  return (
    <Table<Row>
      size="small"
      rowKey="i"
      pagination={false}
      dataSource={rows}
      columns={[
        {
          title: '字段',
          key: 'label',
          render: (_: unknown, r) => fieldLabel(kind, r.key),
        },
        {
          title: '显示',
          key: 'show',
          width: 70,
          render: (_: unknown, r) => (
            <Switch
              size="small"
              aria-label={`显示${fieldLabel(kind, r.key)}`}
              checked={r.show}
              onChange={(show) => onChange(setField(value, r.i, { show }))}
            />
          ),
        },
        {
          title: '对齐',
          key: 'align',
          width: 110,
          render: (_: unknown, r) =>
            r.key === 'divider' ? null : (
              <Select<Align>
                size="small"
                aria-label={`${fieldLabel(kind, r.key)}对齐`}
                value={r.align}
                style={{ width: 96 }}
                options={ALIGNS.map((a) => ({ value: a, label: ALIGN_LABELS[a] }))}
                onChange={(align) => onChange(setField(value, r.i, { align }))}
              />
            ),
        },
        {
          title: '顺序',
          key: 'order',
          width: 170,
          render: (_: unknown, r) => (
            <Space size={0}>
              <Button
                type="text"
                size="small"
                aria-label={`上移${fieldLabel(kind, r.key)}`}
                icon={<ArrowUpOutlined />}
                disabled={r.i === 0}
                onClick={() => onChange(moveField(value, r.i, -1))}
              />
              <Button
                type="text"
                size="small"
                aria-label={`下移${fieldLabel(kind, r.key)}`}
                icon={<ArrowDownOutlined />}
                disabled={r.i === value.length - 1}
                onClick={() => onChange(moveField(value, r.i, 1))}
              />
              <Button
                type="text"
                size="small"
                aria-label="在下方加分隔线"
                title="在下方加分隔线"
                icon={<PlusOutlined />}
                onClick={() => onChange(addDivider(value, r.i))}
              />
              {r.key === 'divider' && (
                <Button
                  type="text"
                  size="small"
                  danger
                  aria-label="删除分隔线"
                  icon={<DeleteOutlined />}
                  onClick={() => onChange(removeField(value, r.i))}
                />
              )}
            </Space>
          ),
        },
      ]}
    />
  );
}
