import { AGREEMENT_SLUGS, type AgreementView, agreementSaveBody } from '@netbar/contract';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  DatePicker,
  Form,
  Input,
  Modal,
  Popconfirm,
  Select,
  Table,
  type TableColumnsType,
  Tag,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { feedback } from '../../../lib/feedback';
import { http } from '../../../lib/http';
import { zodFormRules } from '../../../lib/zod-rules';

const rules = zodFormRules(agreementSaveBody.omit({ effective_date: true }));
const STATUS = {
  draft: ['草稿', 'default'],
  published: ['现行', 'green'],
  archived: ['已归档', 'default'],
} as const;
const PATH = (slug: string) =>
  slug === 'protocol' || slug === 'installation_agreement' ? `/account/${slug}` : `/${slug}`;

/** /admin/agreements (协议管理): write a new version, publish it; the page shows the published one. */
export default function AgreementsAdminPage() {
  const q = useQuery({
    queryKey: ['agreements-admin'],
    queryFn: async () => (await http.get<AgreementView[]>('agreement_admin_list')).data,
  });
  const [editing, setEditing] = useState<Partial<AgreementView> | null>(null);
  const [form] = Form.useForm();

  const save = async (v: Record<string, unknown> & { effective_date: Dayjs }) => {
    try {
      const r = await http.post<{ id: number }>('agreement_save', {
        ...v,
        effective_date: v.effective_date.format('YYYY-MM-DD'),
      });
      feedback.success(r.msg);
      setEditing(null);
      void q.refetch();
    } catch {
      // shown by the request client
    }
  };
  const publish = async (id: number) => {
    try {
      feedback.success((await http.post('agreement_publish', { id })).msg);
      void q.refetch();
    } catch {
      // shown by the request client
    }
  };

  const columns: TableColumnsType<AgreementView> = [
    {
      title: '页面',
      dataIndex: 'slug',
      width: 200,
      render: (s: string) => (
        <a href={PATH(s)} target="_blank" rel="noreferrer">
          {PATH(s)}
        </a>
      ),
    },
    { title: '标题', dataIndex: 'title' },
    { title: '版本', dataIndex: 'version', width: 80 },
    { title: '生效日期', dataIndex: 'effective_date', width: 110 },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (s: AgreementView['status']) => <Tag color={STATUS[s][1]}>{STATUS[s][0]}</Tag>,
    },
    {
      title: '更新时间',
      dataIndex: 'updated_at',
      width: 170,
      render: (v: number) => dayjs.unix(v).format('YYYY-MM-DD HH:mm:ss'),
    },
    {
      title: '操作',
      width: 180,
      render: (_v, r) => (
        <>
          <Button
            type="link"
            onClick={() => {
              setEditing(r);
              form.setFieldsValue({
                ...r,
                version: r.status === 'draft' ? r.version : '',
                effective_date: dayjs(r.effective_date),
              });
            }}
          >
            {r.status === 'draft' ? '编辑' : '以此为底稿'}
          </Button>
          {r.status === 'draft' && (
            <Popconfirm title="发布后立即替换现行版本，确定发布？" onConfirm={() => publish(r.id)}>
              <Button type="link">发布</Button>
            </Popconfirm>
          )}
        </>
      ),
    },
  ];

  return (
    <Card
      title="协议管理"
      extra={
        <Button
          type="primary"
          onClick={() => {
            form.resetFields();
            setEditing({});
          }}
        >
          新建版本
        </Button>
      }
    >
      <Table<AgreementView>
        rowKey="id"
        loading={q.isFetching}
        columns={columns}
        dataSource={q.data ?? []}
        pagination={{ pageSize: 20 }}
      />
      <Modal
        title="协议版本"
        open={!!editing}
        onCancel={() => setEditing(null)}
        onOk={() => form.submit()}
        okText="保存草稿"
        width={800}
        destroyOnHidden
        maskClosable={false}
      >
        <Form form={form} layout="vertical" onFinish={save} noValidate>
          <Form.Item label="页面" name="slug" rules={rules.slug}>
            <Select options={AGREEMENT_SLUGS.map((s) => ({ value: s, label: PATH(s) }))} />
          </Form.Item>
          <Form.Item label="标题" name="title" rules={rules.title}>
            <Input maxLength={60} />
          </Form.Item>
          <Form.Item label="版本号" name="version" rules={rules.version}>
            <Input maxLength={20} placeholder="如 2.0" />
          </Form.Item>
          <Form.Item
            label="生效日期"
            name="effective_date"
            rules={[{ required: true, message: '请选择生效日期' }]}
          >
            <DatePicker />
          </Form.Item>
          <Form.Item label="内容（每段一行）" name="content" rules={rules.content}>
            <Input.TextArea rows={14} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
