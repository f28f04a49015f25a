import { MSG, mobile as mobileSchema, registerFields } from '@netbar/contract';
import { Button, Checkbox, Form, Input, InputNumber, Segmented } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { AreaFields } from '../../../components/area-fields';
import { feedback } from '../../../lib/feedback';
import { zodFormRules } from '../../../lib/zod-rules';
import { accountApi } from '../api/account-api';
import { useRegister } from '../api/security-mutations';
import { AccountFrame } from '../components/account-frame';
import { CaptchaField, requireCaptcha } from '../components/captcha-field';
import { SmsCodeField } from '../components/sms-code-field';

const rules = zodFormRules(registerFields);
type Kind = 'netbar' | 'agent';

/** /account/register: a netbar or an agent registers itself (spec section 5 rules). */
export default function RegisterPage() {
  const [form] = Form.useForm();
  const [kind, setKind] = useState<Kind>('netbar');
  const [nonce, setNonce] = useState(() => Date.now());
  const navigate = useNavigate();
  const register = useRegister({
    onSuccess: (r) =>
      navigate('/account/registerResult', {
        state: { registered: { type: r.type, user_name: r.user_name } },
      }),
  });

  const sendCode = async () => {
    await form.validateFields(['mobile']);
    const answer = requireCaptcha(form);
    const mobile = String(form.getFieldValue('mobile')).trim();
    // run by the code field's mutation; the image captcha is used up, so it is refreshed either way
    return accountApi
      .mobileCaptcha(mobile, answer)
      .then((r) => {
        feedback.success('验证码已发送');
        return r.wait;
      })
      .finally(() => {
        form.setFieldValue('captcha', '');
        setNonce(Date.now());
      });
  };

  const submit = (values: Record<string, unknown>) =>
    register.mutate({ kind, values: { ...values, agree: values.agree ? '1' : '0', captcha: undefined } });

  return (
    <AccountFrame title="注册账号" width={680}>
      <Segmented<Kind>
        block
        value={kind}
        onChange={setKind}
        options={[
          { value: 'netbar', label: '网吧注册' },
          { value: 'agent', label: '代理商注册' },
        ]}
        style={{ marginBottom: 24 }}
      />
      <Form form={form} layout="horizontal" labelCol={{ flex: '110px' }} onFinish={submit} noValidate>
        <Form.Item
          label="通行证账号"
          name="user_name"
          required
          validateDebounce={400}
          rules={[
            ...rules.user_name,
            {
              validator: async (_r, v: string) => {
                if (v && /^[A-Za-z0-9][A-Za-z0-9_]{3,29}$/.test(v) && (await accountApi.userExists(v)))
                  throw new Error(MSG.passportExists);
              },
            },
          ]}
        >
          <Input placeholder="4-30位字母、数字或下划线" maxLength={30} autoComplete="username" />
        </Form.Item>
        <Form.Item label="登录密码" name="password" required rules={rules.password}>
          <Input.Password placeholder="6-16位字母、数字或下划线" autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="确认密码"
          name="confirm_password"
          required
          dependencies={['password']}
          rules={[
            ...rules.confirm_password,
            ({ getFieldValue }) => ({
              validator: async (_r, v) => {
                if (v && v !== getFieldValue('password')) throw new Error(MSG.passwordMismatch);
              },
            }),
          ]}
        >
          <Input.Password placeholder="请再次输入密码" autoComplete="new-password" />
        </Form.Item>
        {kind === 'netbar' ? (
          <Form.Item label="网吧名称" name="netbar_name" required rules={rules.netbar_name}>
            <Input placeholder="营业执照上的网吧名称" maxLength={30} />
          </Form.Item>
        ) : (
          <Form.Item label="代理商名称" name="agent_name" required rules={rules.agent_name}>
            <Input placeholder="公司或个人名称" maxLength={30} />
          </Form.Item>
        )}
        <Form.Item label="真实姓名" name="true_name" required rules={rules.true_name}>
          <Input maxLength={25} />
        </Form.Item>
        <Form.Item
          label="手机号"
          name="mobile"
          required
          validateDebounce={400}
          rules={[
            ...rules.mobile,
            {
              validator: async (_r, v: string) => {
                if (!v || !mobileSchema.safeParse(v).success) return;
                const n = await accountApi.mobileUseNum(v.trim());
                if (n >= 10) throw new Error(MSG.mobileTooMany(n));
              },
            },
          ]}
        >
          <Input maxLength={11} inputMode="tel" />
        </Form.Item>
        <Form.Item label="图形验证码" name="captcha">
          <CaptchaField nonce={nonce} onRefresh={() => setNonce(Date.now())} />
        </Form.Item>
        <Form.Item label="短信验证码" name="sms_code" required rules={rules.sms_code}>
          <SmsCodeField onSend={sendCode} />
        </Form.Item>
        <Form.Item label="邮箱" name="email" required rules={rules.email}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item label="QQ" name="qq" rules={rules.qq}>
          <Input maxLength={20} placeholder="选填" />
        </Form.Item>
        <AreaFields form={form} />
        <Form.Item label="详细地址" name="address" required rules={rules.address}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item label="邮政编码" name="postcode" required rules={rules.postcode}>
          <Input maxLength={10} />
        </Form.Item>
        {kind === 'netbar' && (
          <>
            <Form.Item label="注册机器数" name="machine_count" required rules={rules.machine_count}>
              <InputNumber min={1} max={300} precision={0} style={{ width: '100%' }} placeholder="1-300台" />
            </Form.Item>
            <Form.Item label="联系人" name="contact" required rules={rules.contact}>
              <Input maxLength={10} />
            </Form.Item>
          </>
        )}
        <Form.Item name="agree" valuePropName="checked" rules={rules.agree} wrapperCol={{ offset: 0 }}>
          <Checkbox>
            我已阅读并同意
            <Link to="/account/protocol" target="_blank">
              《用户协议》
            </Link>
            和
            <Link to="/account/installation_agreement" target="_blank">
              《安装协议》
            </Link>
          </Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" block loading={register.isPending}>
          {kind === 'netbar' ? '注册网吧账号' : '注册代理商账号'}
        </Button>
      </Form>
    </AccountFrame>
  );
}
