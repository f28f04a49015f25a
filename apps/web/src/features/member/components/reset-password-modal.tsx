import { type MemberRow, memberPasswordBody } from '@netbar/contract';
import { Form, Input, Modal, Typography } from 'antd';
import { zodFormRules } from '../../../lib/zod-rules';
import { useResetPassword } from '../api/member-mutations';

const rules = zodFormRules(memberPasswordBody);

/** 重置密码 at the counter (decision 104): the member types the new password; it is never shown again. */
export function ResetPasswordModal({ member, onClose }: { member: MemberRow | null; onClose: () => void }) {
  const [form] = Form.useForm<{ password: string }>();
  const reset = useResetPassword({
    success: '会员密码已重置',
    onSuccess: () => {
      form.resetFields();
      onClose();
    },
  });
  return (
    <Modal
      open={!!member}
      title="重置会员密码"
      okText="确认重置"
      confirmLoading={reset.isPending}
      onOk={() =>
        form.validateFields().then((v) => member && reset.mutate({ id: member.id, password: v.password }))
      }
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
      forceRender
    >
      <Typography.Paragraph>
        会员：{member?.name}（{member?.card_mask}
        ）。请让会员本人输入新密码，上机时凭卡号和密码登录，也可扫码上机。
      </Typography.Paragraph>
      <Form form={form} layout="vertical">
        <Form.Item name="password" label="新密码" rules={rules.password} required>
          <Input.Password maxLength={16} autoComplete="new-password" placeholder="6-16位字母或数字" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
