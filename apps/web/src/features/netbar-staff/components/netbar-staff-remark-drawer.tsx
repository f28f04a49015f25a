import { type NetbarStaffRow, remarkText, staffRemarkAddBody } from '@netbar/contract';
import { Button, Drawer, Empty, Form, Input, List, Popconfirm, Typography } from 'antd';
import { feedback } from '../../../lib/feedback';
import { zodFormRules } from '../../../lib/zod-rules';
import {
  useAddNetbarStaffRemark,
  useDeleteNetbarStaffRemark,
  useEditNetbarStaffRemark,
} from '../api/netbar-staff-mutations';
import { useNetbarStaffRemarks } from '../api/netbar-staff-queries';

const rules = zodFormRules(staffRemarkAddBody);

/** 备注: notes about one staff member (netbar_staff_remark_get/add/edit/del with bz_id). */
export function NetbarStaffRemarkDrawer({
  staff,
  onClose,
}: {
  staff: NetbarStaffRow | null;
  onClose: () => void;
}) {
  const q = useNetbarStaffRemarks(staff?.id);
  const [form] = Form.useForm<{ content: string }>();
  const addRemark = useAddNetbarStaffRemark({ onSuccess: () => form.resetFields() });
  const editRemark = useEditNetbarStaffRemark();
  const delRemark = useDeleteNetbarStaffRemark();
  const add = async () => {
    if (!staff) return;
    const v = await form.validateFields().catch(() => null); // the form shows what is wrong
    if (v) addRemark.mutate({ bzId: staff.id, content: v.content });
  };
  const edit = (id: number, content: string) => {
    const check = remarkText.safeParse(content);
    if (!check.success) {
      feedback.error(check.error.issues[0]?.message ?? '请输入内容');
      return;
    }
    editRemark.mutate({ id, content: check.data });
  };
  return (
    <Drawer title={`员工备注 · ${staff?.true_name ?? ''}`} open={!!staff} onClose={onClose} size={520}>
      <Form form={form} layout="vertical">
        <Form.Item name="content" rules={rules.content}>
          <Input.TextArea
            aria-label="备注内容"
            rows={3}
            placeholder="如：周末夜班，会做简餐"
            maxLength={200}
            showCount
          />
        </Form.Item>
        <Button type="primary" onClick={add} loading={addRemark.isPending} block>
          添加备注
        </Button>
      </Form>
      <List
        style={{ marginTop: 16 }}
        loading={q.isLoading}
        dataSource={q.data ?? []}
        locale={{ emptyText: <Empty description="暂无备注" /> }}
        renderItem={(r) => (
          <List.Item
            actions={[
              <Popconfirm key="del" title="确定删除这条备注？" onConfirm={() => delRemark.mutate(r.id)}>
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
