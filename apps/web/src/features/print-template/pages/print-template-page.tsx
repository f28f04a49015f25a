import {
  PRINT_KIND_LABELS,
  PRINT_KINDS,
  type PrintKind,
  type PrintTemplateRow,
  renderReceipt,
  SAMPLE_RECEIPT_DATA,
} from '@netbar/contract';
import { Alert, Button, Card, Col, Empty, Popconfirm, Row, Space, Spin, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { AddButton } from '../../../components/list-filters';
import { ReceiptPaper } from '../../../components/receipt-paper';
import { useDeleteTemplate, useSetDefaultTemplate } from '../api/print-template-mutations';
import { useTemplates } from '../api/print-template-queries';
import { type EditorState, TemplateEditor } from '../components/template-editor';

/** One kind's templates as cards with a small preview; the default marked; edit, set default, delete. */
function KindTemplates({
  kind,
  onEdit,
}: {
  kind: PrintKind;
  onEdit: (row: PrintTemplateRow | null) => void;
}) {
  const q = useTemplates(kind);
  const del = useDeleteTemplate({ success: '删除成功' });
  const setDefault = useSetDefaultTemplate({ success: '已设为默认模板' });
  if (q.isLoading) return <Spin />;
  if (q.isError) return <Alert type="error" showIcon title="加载打印模板失败" />;
  const list = q.data ?? [];
  return (
    <>
      <Space style={{ marginBottom: 16 }}>
        <AddButton onClick={() => onEdit(null)}>新建模板</AddButton>
        {!list.some((t) => t.is_default) && (
          <Typography.Text type="secondary">本店未设默认模板，打印时使用系统默认模板</Typography.Text>
        )}
      </Space>
      {list.length === 0 ? (
        <Empty description={`还没有${PRINT_KIND_LABELS[kind]}模板`} />
      ) : (
        <Row gutter={[16, 16]}>
          {list.map((t) => (
            <Col key={t.id} flex="0 0 auto">
              <Card
                size="small"
                title={
                  <Space>
                    {t.name}
                    <Tag>{t.paper_mm}mm</Tag>
                    {t.is_default && <Tag color="blue">默认</Tag>}
                  </Space>
                }
                actions={[
                  <Button key="edit" type="link" size="small" onClick={() => onEdit(t)}>
                    编辑
                  </Button>,
                  <Button
                    key="default"
                    type="link"
                    size="small"
                    disabled={t.is_default || t.builtin}
                    onClick={() => setDefault.mutate(t.id)}
                  >
                    设为默认
                  </Button>,
                  <Popconfirm
                    key="delete"
                    title={`删除模板“${t.name}”？`}
                    okText="删除"
                    cancelText="取消"
                    onConfirm={() => del.mutate(t.id)}
                  >
                    <Button type="link" size="small" danger disabled={t.builtin}>
                      删除
                    </Button>
                  </Popconfirm>,
                ]}
              >
                <ReceiptPaper receipt={renderReceipt(t, SAMPLE_RECEIPT_DATA[kind])} label={`${t.name}预览`} />
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  更新于 {t.updated_at}
                </Typography.Text>
              </Card>
            </Col>
          ))}
        </Row>
      )}
    </>
  );
}

/** /application_manage/print_template (10523): receipt templates per kind, 58/80 mm, live preview, default. */
export default function PrintTemplatePage() {
  const [kind, setKind] = useState<PrintKind>('sale');
  const [editor, setEditor] = useState<EditorState>(null);
  return (
    <Card title="打印模板">
      <Tabs
        activeKey={kind}
        onChange={(k) => setKind(k as PrintKind)}
        items={PRINT_KINDS.map((k) => ({
          key: k,
          label: PRINT_KIND_LABELS[k],
          children: <KindTemplates kind={k} onEdit={(row) => setEditor({ kind: k, row })} />,
        }))}
      />
      <TemplateEditor state={editor} onClose={() => setEditor(null)} />
    </Card>
  );
}
