import { PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, Select } from 'antd';
import type { ReactNode } from 'react';

/**
 * The pieces every list page's filter row and toolbar repeat (inside `PageTable`'s `filterFields` and
 * `toolbar`): the keyword box, a small fixed choice and the primary 新增 button.
 */

/** The `keyword` box; its label is also its placeholder. */
export function KeywordFilter({ label, width }: { label: string; width?: number }) {
  return (
    <Form.Item name="keyword">
      <Input aria-label={label} placeholder={label} allowClear style={width ? { width } : undefined} />
    </Form.Item>
  );
}

/** A fixed choice (状态, 在线状态…) under `name`; cleared means every row. */
export function ChoiceFilter({
  name,
  label,
  options,
  width = 100,
}: {
  name: string;
  label: string;
  options: { value: number | string; label: string }[];
  width?: number;
}) {
  return (
    <Form.Item name={name}>
      <Select aria-label={label} allowClear placeholder={label} style={{ width }} options={options} />
    </Form.Item>
  );
}

/** The toolbar's primary button that opens an add dialog. */
export function AddButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <Button type="primary" icon={<PlusOutlined />} onClick={onClick}>
      {children}
    </Button>
  );
}
