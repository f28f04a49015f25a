import { remarkText, staffRemarkAddBody } from '@netbar/contract';
import { Button, Drawer, Empty, Form, Input, List, Popconfirm, Typography } from 'antd';
import { feedback } from '../../lib/feedback';
import { zodFormRules } from '../../lib/zod-rules';

const rules = zodFormRules(staffRemarkAddBody);

export interface StaffRemark {
  id: number;
  content: string;
  created_by_name: string;
  created_at: string;
}

/** What the drawer needs of a feature's remark calls (its query and its three mutations). */
export interface StaffRemarkCalls {
  list: { data?: StaffRemark[]; isLoading: boolean };
  add: {
    mutate: (v: { bzId: number; content: string }, o?: { onSuccess?: () => void }) => void;
    isPending: boolean;
  };
  edit: { mutate: (v: { id: number; content: string }) => void };
  remove: { mutate: (id: number) => void };
}

/**
 * 员工备注: a dated log about one staff member, for agent staff and netbar staff alike (each feature
 * passes its own calls). Empty or over-long text is refused before anything is sent.
 */
export function StaffRemarkDrawer({
  staff,
  onClose,
  calls,
  placeholder,
  formName,
}: {
  staff: { id: number; true_name: string } | null;
  onClose: () => void;
  calls: StaffRemarkCalls;
  placeholder: string;
  /** The form's name (its input ids): distinct from the other forms of the page. */
  formName: string;
}) {
  const [form] = Form.useForm<{ content: string }>();
  const add = async () => {
    if (!staff) return;
    const v = await form.validateFields().catch(() => null); // the form shows what is wrong
    if (v) calls.add.mutate({ bzId: staff.id, content: v.content }, { onSuccess: () => form.resetFields() });
  };
  const edit = (id: number, content: string) => {
    const check = remarkText.safeParse(content);
    if (!check.success) {
      feedback.error(check.error.issues[0]?.message ?? '请输入内容');
      return;
    }
    calls.edit.mutate({ id, content: check.data });
  };
  return (
    <Drawer title={`员工备注 · ${staff?.true_name ?? ''}`} open={!!staff} onClose={onClose} size={520}>
      <Form form={form} name={formName} layout="vertical">
        <Form.Item name="content" rules={rules.content}>
          <Input.TextArea
            aria-label="备注内容"
            rows={3}
            placeholder={placeholder}
            maxLength={200}
            showCount
          />
        </Form.Item>
        <Button type="primary" onClick={add} loading={calls.add.isPending} block>
          添加备注
        </Button>
      </Form>
      <List
        style={{ marginTop: 16 }}
        loading={calls.list.isLoading}
        dataSource={calls.list.data ?? []}
        locale={{ emptyText: <Empty description="暂无备注" /> }}
        renderItem={(r) => (
          <List.Item
            actions={[
              <Popconfirm key="del" title="确定删除这条备注？" onConfirm={() => calls.remove.mutate(r.id)}>
                <Button type="link" size="small" danger>
                  删除
                </Button>
              </Popconfirm>,
            ]}
          >
            <List.Item.Meta
              title={
                <Typography.Paragraph
                  style={{ marginBottom: 0 }}
                  editable={{ tooltip: '修改', onChange: (v) => edit(r.id, v) }}
                >
                  {r.content}
                </Typography.Paragraph>
              }
              description={`${r.created_at} · ${r.created_by_name}`}
            />
          </List.Item>
        )}
      />
    </Drawer>
  );
}
