import { remarkText, type StaffRow } from '@netbar/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Empty, Form, Input, List, Popconfirm, Typography } from 'antd';
import { useState } from 'react';
import { feedback } from '../../../lib/feedback';
import { zodRule } from '../../../lib/zod-rules';
import { staffApi } from '../api/staff-api';

/** 备注: a dated log about one staff member (agent_person_remark_get/add/edit/del with bz_id). */
export function StaffRemarkDrawer({ staff, onClose }: { staff: StaffRow | null; onClose: () => void }) {
  const qc = useQueryClient();
  const key = ['staff', 'remarks', staff?.id];
  const q = useQuery({ queryKey: key, queryFn: () => staffApi.remarks(staff?.id ?? 0), enabled: !!staff });
  const [form] = Form.useForm<{ content: string }>();
  const [saving, setSaving] = useState(false);
  const reload = () => qc.invalidateQueries({ queryKey: key });
  const add = async () => {
    if (!staff) return;
    const { content } = await form.validateFields();
    setSaving(true);
    try {
      await staffApi.addRemark(staff.id, content);
      form.resetFields();
      await reload();
    } catch {
      // the request client showed the reason
    } finally {
      setSaving(false);
    }
  };
  const edit = async (id: number, content: string) => {
    const check = remarkText.safeParse(content);
    if (!check.success) {
      feedback.error(check.error.issues[0]?.message ?? '请输入内容');
      return;
    }
    try {
      await staffApi.editRemark(id, check.data);
      await reload();
    } catch {
      // the request client showed the reason
    }
  };
  return (
    <Drawer title={`员工备注 · ${staff?.true_name ?? ''}`} open={!!staff} onClose={onClose} size={520}>
      <Form form={form} layout="vertical">
        <Form.Item name="content" rules={[zodRule(remarkText)]}>
          <Input.TextArea
            aria-label="备注内容"
            rows={3}
            placeholder="如：本月完成5家装机，需跟进培训"
            maxLength={200}
            showCount
          />
        </Form.Item>
        <Button type="primary" onClick={add} loading={saving} block>
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
              <Popconfirm
                key="del"
                title="确定删除这条备注？"
                onConfirm={() => staffApi.delRemark(r.id).then(reload, () => undefined)}
              >
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
                  editable={{ tooltip: '修改', onChange: (v) => void edit(r.id, v) }}
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
