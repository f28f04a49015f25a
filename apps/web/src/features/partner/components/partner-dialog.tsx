import { PARTNER_DIALOG, type PandaResult } from '@netbar/contract';
import { Alert, Button, Form, Input, Modal, Popconfirm, Space, Typography } from 'antd';
import { useState } from 'react';
import { feedback } from '../../../lib/feedback';
import { useBindPanda, useLoginPanda, useRegisterPanda, useUnbindPanda } from '../api/partner-mutations';
import { usePartnerBinding } from '../api/partner-queries';

interface Props {
  open: boolean;
  onClose: () => void;
}

type Mode = 'bind' | 'register';
const TITLES: Record<Mode, string> = { bind: '绑定合作平台账号', register: '快速注册合作平台账号' };
export const REGISTER_TEXT =
  '使用当前网吧管理平台账号，一键创建合作平台账号，创建后立即与当前账号绑定，无需再设置账号和密码。';

/**
 * 合作平台账号 (button login_panda, spec sections 2 and 4, decision 195): 420 px, not closed by a click
 * outside; mode 1 binds (account, password sent as MD5), mode 2 quick-registers; closing goes back to bind
 * and clears the form. Status 1: the dialog closes and the returned link opens 300 ms later in a new tab.
 */
export function PartnerDialog({ open, onClose }: Props) {
  const [mode, setMode] = useState<Mode>('bind');
  const [form] = Form.useForm<{ user_name: string; password: string }>();
  const binding = usePartnerBinding(open).data;

  const close = () => {
    setMode('bind');
    form.resetFields();
    onClose();
  };
  const answered = (r: PandaResult) => {
    if (r.status !== 1) {
      feedback.error(r.msg);
      return;
    }
    feedback.success(r.msg);
    close();
    setTimeout(() => window.open(r.tips, '_blank'), PARTNER_DIALOG.openDelayMs);
  };
  const bind = useBindPanda({ onSuccess: answered });
  const register = useRegisterPanda({ onSuccess: answered });
  const login = useLoginPanda({ onSuccess: answered });
  const unbind = useUnbindPanda({ success: '已解绑合作平台账号' });

  return (
    <Modal
      open={open}
      title={binding?.bound ? '合作平台账号' : TITLES[mode]}
      width={PARTNER_DIALOG.width}
      maskClosable={false}
      footer={null}
      onCancel={close}
      forceRender
    >
      {binding?.bound ? (
        <Space direction="vertical" style={{ width: '100%' }} size="middle">
          <Alert
            type="success"
            showIcon
            title={`已绑定合作平台账号：${binding.user_name}`}
            description={`绑定时间：${binding.bound_at}`}
          />
          <Space>
            <Button type="primary" loading={login.isPending} onClick={() => login.mutate()}>
              进入合作平台
            </Button>
            <Popconfirm title="确定解绑该合作平台账号吗？" onConfirm={() => unbind.mutate()}>
              <Button danger loading={unbind.isPending}>
                解绑
              </Button>
            </Popconfirm>
          </Space>
        </Space>
      ) : mode === 'bind' ? (
        <Form form={form} layout="vertical" onFinish={(v) => bind.mutate(v)} requiredMark={false}>
          <Form.Item
            label="账号"
            name="user_name"
            rules={[{ required: true, whitespace: true, message: '请输入账号' }]}
          >
            <Input placeholder="合作平台账号" autoComplete="off" maxLength={60} />
          </Form.Item>
          <Form.Item label="密码" name="password" rules={[{ required: true, message: '请输入密码' }]}>
            <Input.Password placeholder="合作平台密码" autoComplete="new-password" maxLength={64} />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={bind.isPending}>
            绑定
          </Button>
          <div style={{ textAlign: 'right', marginTop: 12 }}>
            <Typography.Link onClick={() => setMode('register')}>没有合作平台账号？快速注册</Typography.Link>
          </div>
        </Form>
      ) : (
        <>
          <Typography.Paragraph>{REGISTER_TEXT}</Typography.Paragraph>
          <Button type="primary" block loading={register.isPending} onClick={() => register.mutate()}>
            快速注册
          </Button>
          <div style={{ textAlign: 'right', marginTop: 12 }}>
            <Typography.Link onClick={() => setMode('bind')}>已有合作平台账号？去绑定</Typography.Link>
          </div>
        </>
      )}
    </Modal>
  );
}
