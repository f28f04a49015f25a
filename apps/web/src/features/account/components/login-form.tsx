// antd and its icons by their own paths: the login page is the console's first download (decision 097)
import LockOutlined from '@ant-design/icons/LockOutlined';
import SafetyCertificateOutlined from '@ant-design/icons/SafetyCertificateOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import { type LoginBody, USER_TYPE_LABELS, USER_TYPE_VALUES } from '@netbar/contract';
import Button from 'antd/es/button';
// (the `Input` of the antd index also carries TextArea, Search and OTP)
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { type LoginInput, loadHttp } from '../api/login';
import { AccountTypeSelect, loadTypeSelect } from './account-type-select';
import { CaptchaImage } from './captcha-image';
import { FormStandIn, fieldProps, ItemStandIn, NoStyleStandIn } from './form-stand-in';
import { type FieldCheck, useFormFields } from './use-form-fields';

const FIELDS = ['type', 'user_name', 'password', 'captcha'] as const;
type Field = (typeof FIELDS)[number];

let schema: Promise<typeof import('./login-schema').loginBody> | undefined;
/**
 * A field checked by the contract's loginBody, fetched on first use (zod stays out of the page's first
 * download). A schema that did not arrive is fetched again by the next check.
 */
const check: FieldCheck<Field> = async (key, value) => {
  schema ??= import('./login-schema').then((m) => m.loginBody);
  try {
    const result = (await schema).shape[key].safeParse(value === null ? undefined : value);
    return result.success ? [] : [result.error.issues[0]?.message ?? '请输入内容'];
  } catch {
    schema = undefined;
    return ['加载失败，请重试'];
  }
};
const TYPE_OPTIONS = USER_TYPE_VALUES.map((value) => ({ value, label: USER_TYPE_LABELS[value] }));
export const LAST_TYPE_KEY = 'login_type';

interface Props {
  submitting: boolean;
  /** Resolves true on success; on failure the captcha is refreshed and cleared. */
  onSubmit: (input: LoginInput) => Promise<boolean>;
}

function lastType(): number | undefined {
  const n = Number(localStorage.getItem(LAST_TYPE_KEY));
  return Number.isInteger(n) && n >= 1 && n <= 6 ? n : undefined;
}

const FIRST_SIGNS = ['pointermove', 'pointerdown', 'keydown', 'touchstart', 'focusin'] as const;

/**
 * On the first sign of a person at the page, fetch what the form needs next but not to be shown: the
 * account-type select and the request client (decision 097). Nothing is fetched for a page nobody touches.
 */
function usePreloadOnFirstSign() {
  useEffect(() => {
    const preload = () => {
      stop();
      loadTypeSelect().catch(() => {});
      loadHttp().catch(() => {});
    };
    const stop = () => {
      for (const name of FIRST_SIGNS) window.removeEventListener(name, preload, true);
    };
    for (const name of FIRST_SIGNS) window.addEventListener(name, preload, { capture: true, passive: true });
    return stop;
  }, []);
}

/** The login form: account type, user name, password and captcha, validated by the contract's schema (loaded on first use). */
export function LoginForm({ submitting, onSubmit }: Props) {
  const form = useFormFields(FIELDS, { type: lastType() }, check);
  const { values, metas } = form;
  usePreloadOnFirstSign();
  const [nonce, setNonce] = useState(() => Date.now());
  const refresh = () => setNonce(Date.now());

  const finish = async () => {
    const valid = (await form.submit()) as LoginBody | undefined;
    if (!valid) return;
    localStorage.setItem(LAST_TYPE_KEY, String(valid.type));
    const ok = await onSubmit({
      user_name: valid.user_name.trim(),
      password: valid.password,
      captcha: valid.captcha.trim(),
      type: valid.type,
    });
    if (!ok) {
      form.setValue('captcha', '');
      refresh();
    }
  };
  /** What Form.Item gives a required field's input. */
  const field = (name: Field, required?: boolean) => ({
    ...fieldProps(name, metas[name], required),
    value: values[name] as never,
    onChange: (v: unknown) => form.change(name, v),
  });

  return (
    <FormStandIn onSubmit={finish}>
      <ItemStandIn name="type" required meta={metas.type}>
        <AccountTypeSelect
          placeholder="请选择账号类型"
          options={TYPE_OPTIONS}
          aria-label="账号类型"
          {...field('type', true)}
        />
      </ItemStandIn>
      <ItemStandIn name="user_name" required meta={metas.user_name}>
        <Input
          aria-label="账号"
          prefix={<UserOutlined />}
          placeholder="请输入账号"
          autoComplete="username"
          maxLength={30}
          {...field('user_name', true)}
        />
      </ItemStandIn>
      <ItemStandIn name="password" required meta={metas.password}>
        <Password
          aria-label="密码"
          prefix={<LockOutlined />}
          placeholder="请输入密码"
          autoComplete="current-password"
          {...field('password', true)}
        />
      </ItemStandIn>
      <ItemStandIn required errors={metas.captcha.errors}>
        <div style={{ display: 'flex', gap: 8, alignItems: 'flex-start' }}>
          <NoStyleStandIn name="captcha" meta={metas.captcha}>
            <Input
              aria-label="验证码"
              prefix={<SafetyCertificateOutlined />}
              placeholder="请输入验证码"
              maxLength={10}
              autoComplete="off"
              {...field('captcha')}
            />
          </NoStyleStandIn>
          <CaptchaImage nonce={nonce} onRefresh={refresh} />
        </div>
      </ItemStandIn>
      <ItemStandIn>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          登录
        </Button>
      </ItemStandIn>
      <div style={{ display: 'flex', justifyContent: 'space-between' }}>
        <Link to="/account/register">注册账号</Link>
        <Link to="/account/password">忘记密码</Link>
      </div>
    </FormStandIn>
  );
}
