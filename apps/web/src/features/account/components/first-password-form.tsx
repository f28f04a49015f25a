// antd by its own paths, as the rest of the login page (decision 097); this form is a lazy chunk of its own
import LockOutlined from '@ant-design/icons/LockOutlined';
import SafetyCertificateOutlined from '@ant-design/icons/SafetyCertificateOutlined';
import {
  confirmPassword,
  loginBody,
  loginPassword,
  MSG,
  NETBAR_STAFF_MSG,
  newPassword,
} from '@netbar/contract';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { useState } from 'react';
import { feedback } from '../../../lib/feedback';
import { zodRule } from '../../../lib/zod-rules';
import { type LoginInput, setFirstPassword } from '../api/login';
import { CaptchaImage } from './captcha-image';

interface Values {
  password: string;
  new_password: string;
  confirm_password: string;
  captcha: string;
}

interface Props {
  /** What the refused login sent: the account, its type and the password the owner gave. */
  account: LoginInput;
  /** Logs in with the new password; resolves true on success (the page navigates). */
  onLogin: (input: LoginInput) => Promise<boolean>;
  onBack: () => void;
}

/**
 * 设置新密码 (decision 145): a netbar staff member whose password the owner reset replaces it before any
 * session opens (netbar_staff_first_password), then logs in with the new one. The rules are the
 * contract's: the old password required, the new one 6-16 letters, digits or underscore and not the old
 * one, typed twice.
 */
export default function FirstPasswordForm({ account, onLogin, onBack }: Props) {
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [nonce, setNonce] = useState(() => Date.now());

  const finish = async (v: Values) => {
    setBusy(true);
    try {
      const msg = await setFirstPassword({
        user_name: account.user_name,
        password: v.password,
        new_password: v.new_password,
        confirm_password: v.confirm_password,
      }).catch(() => null); // the request client has shown the refusal
      if (msg === null) return;
      const ok = await onLogin({ ...account, password: v.new_password, captcha: v.captcha.trim() });
      if (!ok) {
        // the password is changed; the login failed on its own (e.g. the captcha): log in as usual
        feedback.success(msg || '密码已修改，请使用新密码登录');
        onBack();
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form<Values>
      form={form}
      size="large"
      layout="vertical"
      noValidate
      initialValues={{ password: account.password }}
      onFinish={finish}
    >
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        title={`账号 ${account.user_name} 的密码已被重置，请设置新密码后登录`}
      />
      <Form.Item label="原密码" name="password" required rules={[zodRule(loginPassword)]}>
        <Password prefix={<LockOutlined />} placeholder="请输入原密码" autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        label="新密码"
        name="new_password"
        required
        dependencies={['password']}
        rules={[
          zodRule(newPassword),
          ({ getFieldValue }) => ({
            validator: async (_r, value) => {
              if (value && value === getFieldValue('password'))
                throw new Error(NETBAR_STAFF_MSG.samePassword);
            },
          }),
        ]}
      >
        <Password
          prefix={<LockOutlined />}
          placeholder="6-16位字母、数字或下划线"
          autoComplete="new-password"
        />
      </Form.Item>
      <Form.Item
        label="确认新密码"
        name="confirm_password"
        required
        dependencies={['new_password']}
        rules={[
          zodRule(confirmPassword),
          ({ getFieldValue }) => ({
            validator: async (_r, value) => {
              if (value && value !== getFieldValue('new_password')) throw new Error(MSG.passwordMismatch);
            },
          }),
        ]}
      >
        <Password prefix={<LockOutlined />} placeholder="请再次输入新密码" autoComplete="new-password" />
      </Form.Item>
      <Form.Item label="验证码" required>
        <div style={{ display: 'flex', gap: 8, alignItems: 'flex-start' }}>
          <Form.Item name="captcha" noStyle rules={[zodRule(loginBody.shape.captcha)]}>
            <Input
              aria-label="验证码"
              prefix={<SafetyCertificateOutlined />}
              placeholder="请输入验证码"
              maxLength={10}
              autoComplete="off"
            />
          </Form.Item>
          <CaptchaImage nonce={nonce} onRefresh={() => setNonce(Date.now())} />
        </div>
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>
          修改密码并登录
        </Button>
      </Form.Item>
      <Button type="link" block onClick={onBack}>
        返回登录
      </Button>
    </Form>
  );
}
