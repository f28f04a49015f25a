import { LEGACY_MSG, type LegacyLoginResult, type LegacyProduct, type LegacyStore } from '@netbar/contract';
import { Alert, Button, Form, Input, Select } from 'antd';
import { useState } from 'react';
import type { HttpError } from '../../../lib/http';
import { SmsCodeField } from '../../security/components/sms-code-field';
import { type LoginInput, legacyImportApi } from '../api/legacy-import-api';
import { useLegacyLogin } from '../api/legacy-import-mutations';
import { PRODUCT_OPTIONS, parseProduct } from './product-options';

interface Values {
  product: string;
  user_name: string;
  password: string;
  sms_code?: string;
  code?: string;
}

interface Props {
  /** Code 0: the product and the stores the login answered with. */
  onLoggedIn: (product: LegacyProduct, stores: LegacyStore[]) => void;
}

export const RESEND_SECONDS = 180;
const REQUIRED = (message: string) => [{ required: true, whitespace: true, message }];

/**
 * Step 1 of the import dialog (spec sections 4 and 5): product, account, password (MD5 for 9 and 10), then
 * the login codes — 0 success, 1 and 4 the error line, 2 the SMS code with 获取验证码 (3 starts the 180 s
 * countdown), 5 the image code (click the image for another).
 */
export function ImportLoginStep({ onLoggedIn }: Props) {
  const [form] = Form.useForm<Values>();
  const [challenge, setChallenge] = useState<'sms' | 'img' | null>(null);
  const [image, setImage] = useState('');
  const [smsSent, setSmsSent] = useState(false);
  const [error, setError] = useState('');
  const login = useLegacyLogin();

  const input = (v: Values, extra: Partial<LoginInput> = {}): LoginInput => ({
    ...parseProduct(v.product),
    user_name: v.user_name.trim(),
    password: v.password,
    ...(challenge === 'sms' && v.sms_code ? { sms_code: v.sms_code.trim() } : {}),
    ...(challenge === 'img' && v.code ? { code: v.code.trim() } : {}),
    ...extra,
  });
  const refreshImage = async () => {
    const v = form.getFieldsValue();
    if (!v.product) return;
    try {
      setImage(await legacyImportApi.imageCode(parseProduct(v.product).product, v.user_name ?? ''));
    } catch (e) {
      setError((e as HttpError).msg);
    }
  };
  const answered = (r: LegacyLoginResult, product: LegacyProduct) => {
    setError(r.code === 0 || r.code === 3 ? '' : r.msg);
    if (r.code === 0) onLoggedIn(product, Array.isArray(r.data) ? r.data : []);
    else if (r.code === 2) setChallenge('sms');
    else if (r.code === 5) {
      setChallenge('img');
      if (r.data && 'image' in r.data) setImage(r.data.image);
      else void refreshImage();
    }
  };
  const submit = (v: Values) => {
    const sent = input(v);
    login.mutate(sent, {
      onSuccess: (r) => answered(r, sent.product),
      onError: (e) => setError((e as HttpError).msg),
    });
  };
  /** 获取验证码: code 3 starts the countdown; anything else goes to the error line. */
  const sendSms = async (): Promise<number> => {
    const v = await form.validateFields(['product', 'user_name', 'password']);
    try {
      const r = await legacyImportApi.login(input(v as Values, { send_sms: '1' }));
      if (r.code !== 3) throw new Error(r.msg);
      setSmsSent(true);
      setError('');
      return r.data && 'wait' in r.data ? r.data.wait : RESEND_SECONDS;
    } catch (e) {
      setError((e as HttpError).msg ?? (e as Error).message);
      throw e;
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={submit}
      onValuesChange={(changed: Partial<Values>) => {
        // another product or account starts over: its challenge is not this one's
        if ('product' in changed || 'user_name' in changed) {
          setChallenge(null);
          setSmsSent(false);
          setError('');
        }
      }}
      requiredMark={false}
      style={{ maxWidth: 420, margin: '0 auto' }}
    >
      <Form.Item label="产品" name="product" rules={[{ required: true, message: LEGACY_MSG.product }]}>
        <Select placeholder={LEGACY_MSG.product} options={PRODUCT_OPTIONS} virtual={false} />
      </Form.Item>
      <Form.Item label="账号" name="user_name" rules={REQUIRED(LEGACY_MSG.account)}>
        <Input placeholder="原系统账号" autoComplete="off" maxLength={50} />
      </Form.Item>
      <Form.Item label="密码" name="password" rules={[{ required: true, message: LEGACY_MSG.password }]}>
        <Input.Password placeholder="原系统密码" autoComplete="new-password" maxLength={128} />
      </Form.Item>
      {challenge === 'sms' && (
        <Form.Item
          label="短信验证码"
          name="sms_code"
          rules={[
            {
              validator: (_, v: string | undefined) =>
                !smsSent
                  ? Promise.reject(new Error(LEGACY_MSG.smsFirst))
                  : v?.trim()
                    ? Promise.resolve()
                    : Promise.reject(new Error(LEGACY_MSG.code)),
            },
          ]}
        >
          <SmsCodeField onSend={sendSms} />
        </Form.Item>
      )}
      {challenge === 'img' && (
        <Form.Item label="图片验证码" required>
          <div style={{ display: 'flex', gap: 8 }}>
            <Form.Item name="code" noStyle rules={REQUIRED(LEGACY_MSG.code)}>
              <Input placeholder={LEGACY_MSG.code} maxLength={12} />
            </Form.Item>
            {image && (
              <button
                type="button"
                title="看不清？换一张"
                onClick={() => void refreshImage()}
                style={{ border: 0, padding: 0, background: 'none', cursor: 'pointer', flex: 'none' }}
              >
                <img src={image} alt="图片验证码" height={32} />
              </button>
            )}
          </div>
        </Form.Item>
      )}
      {error && (
        <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="import-error" />
      )}
      <Button type="primary" htmlType="submit" block loading={login.isPending}>
        登录
      </Button>
    </Form>
  );
}
