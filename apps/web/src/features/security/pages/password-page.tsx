import { accountName, email, MSG, mobile, newPassword, verifyCode } from '@netbar/contract';
import { Button, Form, Input, Result, Segmented, Steps } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { feedback } from '../../../lib/feedback';
import { zodRule } from '../../../lib/zod-rules';
import { accountApi } from '../api/account-api';
import { useRetrievePassword, useRetrieveVerify } from '../api/security-mutations';
import { AccountFrame } from '../components/account-frame';
import { CaptchaField, requireCaptcha } from '../components/captcha-field';
import { SmsCodeField } from '../components/sms-code-field';

type Way = 'mobile' | 'email';

/** /account/password: account + bound mobile or email → code → new password (ends every session). */
export default function PasswordPage() {
  const [form] = Form.useForm();
  const [pwForm] = Form.useForm();
  const [way, setWay] = useState<Way>('mobile');
  const [step, setStep] = useState(0);
  const [ticket, setTicket] = useState('');
  const [nonce, setNonce] = useState(() => Date.now());
  const navigate = useNavigate();

  const send = async () => {
    await form.validateFields(['user_name', way]);
    const answer = requireCaptcha(form);
    const v = form.getFieldsValue() as Record<string, string>;
    // run by the code field's mutation; the image captcha is used up, so it is refreshed either way
    return accountApi
      .retrieveSend(way, { user_name: v.user_name, [way]: v[way], captcha: answer })
      .then((r) => {
        feedback.success(way === 'mobile' ? '短信验证码已发送' : '邮件验证码已发送');
        return r.wait;
      })
      .finally(() => {
        form.setFieldValue('captcha', '');
        setNonce(Date.now());
      });
  };

  const verifier = useRetrieveVerify({
    onSuccess: (r) => {
      setTicket(r.ticket);
      setStep(1);
    },
  });
  const resetter = useRetrievePassword({ onSuccess: () => setStep(2) });
  const verify = (v: { user_name: string; code: string }) =>
    verifier.mutate({ user_name: v.user_name, way, code: v.code });
  const reset = (v: { password: string; confirm_password: string }) => resetter.mutate({ ticket, ...v });
  const busy = verifier.isPending || resetter.isPending;

  return (
    <AccountFrame title="找回密码" width={560}>
      <Steps
        current={step}
        size="small"
        style={{ marginBottom: 28 }}
        items={[{ title: '验证身份' }, { title: '设置新密码' }, { title: '完成' }]}
      />
      {step === 0 && (
        <Form form={form} layout="vertical" onFinish={verify} noValidate>
          <Segmented<Way>
            block
            value={way}
            onChange={setWay}
            options={[
              { value: 'mobile', label: '通过手机号找回' },
              { value: 'email', label: '通过邮箱找回' },
            ]}
            style={{ marginBottom: 20 }}
          />
          <Form.Item label="通行证账号" name="user_name" required rules={[zodRule(accountName)]}>
            <Input maxLength={30} autoComplete="username" />
          </Form.Item>
          {way === 'mobile' ? (
            <Form.Item label="绑定的手机号" name="mobile" required rules={[zodRule(mobile)]}>
              <Input maxLength={11} inputMode="tel" />
            </Form.Item>
          ) : (
            <Form.Item label="绑定的邮箱" name="email" required rules={[zodRule(email)]}>
              <Input maxLength={100} />
            </Form.Item>
          )}
          <Form.Item label="图形验证码" name="captcha">
            <CaptchaField nonce={nonce} onRefresh={() => setNonce(Date.now())} />
          </Form.Item>
          <Form.Item
            label={way === 'mobile' ? '短信验证码' : '邮件验证码'}
            name="code"
            required
            rules={[zodRule(verifyCode)]}
          >
            <SmsCodeField key={way} onSend={send} />
          </Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={busy}>
            下一步
          </Button>
        </Form>
      )}
      {step === 1 && (
        <Form form={pwForm} layout="vertical" onFinish={reset} noValidate>
          <Form.Item label="新密码" name="password" required rules={[zodRule(newPassword)]}>
            <Input.Password placeholder="6-16位字母、数字或下划线" autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            label="确认新密码"
            name="confirm_password"
            required
            dependencies={['password']}
            rules={[
              { required: true, message: MSG.confirmPassword },
              ({ getFieldValue }) => ({
                validator: async (_r, v) => {
                  if (v && v !== getFieldValue('password')) throw new Error(MSG.passwordMismatch);
                },
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={busy}>
            确认修改
          </Button>
        </Form>
      )}
      {step === 2 && (
        <Result
          status="success"
          title="密码已重置"
          subTitle="该账号在其他设备上的登录已全部退出，请使用新密码登录。"
          extra={
            <Button type="primary" onClick={() => navigate('/account/login')}>
              去登录
            </Button>
          }
        />
      )}
    </AccountFrame>
  );
}
