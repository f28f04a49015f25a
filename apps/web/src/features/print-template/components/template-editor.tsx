import {
  builtinTemplate,
  PAPER_WIDTHS,
  type PaperWidth,
  PRINT_KIND_LABELS,
  type PrintField,
  type PrintKind,
  type PrintTemplateRow,
  printTemplateSaveBody,
  renderReceipt,
  SAMPLE_RECEIPT_DATA,
} from '@netbar/contract';
import { Alert, Button, Checkbox, Col, Drawer, Form, Input, Radio, Row, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { ReceiptPaper } from '../../../components/receipt-paper';
import { zodRule } from '../../../lib/zod-rules';
import { useSaveTemplate } from '../api/print-template-mutations';
import { FieldList } from './field-list';
import { withAllFields } from './template-fields';

interface Values {
  name: string;
  paper_mm: PaperWidth;
  title: string;
  header: string;
  footer: string;
  is_default: boolean;
}
/** What the editor opens on: a saved template, or a new one of a kind (from the built-in layout). */
export type EditorState = { kind: PrintKind; row: PrintTemplateRow | null } | null;

const shape = printTemplateSaveBody.shape;

/**
 * 编辑打印模板: name, paper 58/80 mm, title, header and footer; the fields in order with show/hide and
 * alignment; a live preview with the kind's sample data through the contract's renderer (the printed
 * receipt is the same text).
 */
export function TemplateEditor({ state, onClose }: { state: EditorState; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const [fields, setFields] = useState<PrintField[]>([]);
  const save = useSaveTemplate({ success: '保存成功', onSuccess: onClose });
  useEffect(() => {
    if (!state) return;
    const base = state.row ?? { ...builtinTemplate(state.kind), name: '', is_default: false };
    form.setFieldsValue({
      name: state.row?.builtin ? '' : base.name,
      paper_mm: base.paper_mm,
      title: base.title,
      header: base.header,
      footer: base.footer,
      is_default: state.row ? state.row.is_default : false,
    });
    setFields(withAllFields(state.kind, base.fields));
  }, [state, form]);
  const v = Form.useWatch([], form) as Partial<Values> | undefined;
  if (!state) return null;
  const kind = state.kind;
  const receipt = renderReceipt(
    {
      kind,
      paper_mm: v?.paper_mm ?? 58,
      title: v?.title ?? '',
      header: v?.header ?? '',
      footer: v?.footer ?? '',
      fields,
    },
    SAMPLE_RECEIPT_DATA[kind],
  );
  const noneShown = !fields.some((f) => f.show);
  const submit = async () => {
    let x: Values;
    try {
      x = await form.validateFields();
    } catch {
      return;
    }
    if (noneShown) return;
    save.mutate({
      id: state.row && !state.row.builtin && state.row.id ? state.row.id : undefined,
      kind,
      name: x.name.trim(),
      paper_mm: x.paper_mm,
      title: x.title?.trim() ?? '',
      header: x.header ?? '',
      footer: x.footer ?? '',
      fields,
      is_default: x.is_default,
    });
  };
  const editing = !!state.row && !state.row.builtin;
  return (
    <Drawer
      open
      onClose={onClose}
      size={1040}
      title={`${editing ? '编辑' : '新建'}${PRINT_KIND_LABELS[kind]}模板`}
      extra={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={save.isPending} disabled={noneShown} onClick={submit}>
            保存
          </Button>
        </Space>
      }
    >
      <Row gutter={24}>
        <Col flex="1 1 560px">
          <Form form={form} layout="vertical">
            <Row gutter={16}>
              <Col span={12}>
                <Form.Item name="name" label="模板名称" required rules={[zodRule(shape.name)]}>
                  <Input aria-label="模板名称" maxLength={20} placeholder="如：门店小票" />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="paper_mm" label="纸张宽度">
                  <Radio.Group
                    optionType="button"
                    options={PAPER_WIDTHS.map((w) => ({ value: w, label: `${w}mm` }))}
                  />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item name="title" label="标题" rules={[zodRule(shape.title)]}>
              <Input aria-label="标题" maxLength={30} />
            </Form.Item>
            <Row gutter={16}>
              <Col span={12}>
                <Form.Item name="header" label="页眉" rules={[zodRule(shape.header)]}>
                  <Input.TextArea aria-label="页眉" rows={2} maxLength={200} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="footer" label="页脚" rules={[zodRule(shape.footer)]}>
                  <Input.TextArea aria-label="页脚" rows={2} maxLength={200} />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item name="is_default" valuePropName="checked">
              <Checkbox>设为本店默认{PRINT_KIND_LABELS[kind]}模板</Checkbox>
            </Form.Item>
          </Form>
          {noneShown && (
            <Alert type="error" showIcon title="请至少显示一个打印字段" style={{ marginBottom: 12 }} />
          )}
          <FieldList kind={kind} value={fields} onChange={setFields} />
        </Col>
        <Col flex="0 0 auto">
          <Typography.Title level={5}>预览（示例数据）</Typography.Title>
          <ReceiptPaper receipt={receipt} label="小票预览" />
        </Col>
      </Row>
    </Drawer>
  );
}
