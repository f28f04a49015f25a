import { SafetyCertificateOutlined } from '@ant-design/icons';
import { captcha, MSG } from '@netbar/contract';
import { type FormInstance, Input } from 'antd';

interface Props {
  value?: string;
  onChange?: (v: string) => void;
  nonce: number;
  onRefresh: () => void;
}

/** Image captcha input with its picture (the answer stays on the server behind an httpOnly cookie). */
export function CaptchaField({ value, onChange, nonce, onRefresh }: Props) {
  return (
    <div style={{ display: 'flex', gap: 8 }}>
      <Input
        prefix={<SafetyCertificateOutlined />}
        placeholder="请输入图形验证码"
        maxLength={10}
        autoComplete="off"
        value={value}
        onChange={(e) => onChange?.(e.target.value)}
      />
      <img
        src={`/api/v1/get_captcha_img?t=${nonce}`}
        alt="图形验证码"
        title="看不清？点击刷新"
        data-testid="captcha-img"
        onClick={onRefresh}
        style={{
          width: 110,
          height: 40,
          flex: 'none',
          cursor: 'pointer',
          border: '1px solid #d9d9d9',
          borderRadius: 6,
        }}
      />
    </div>
  );
}

/** The image captcha is checked only when a code is requested (it is used up by that request). */
export function requireCaptcha(form: FormInstance): string {
  const v = String(form.getFieldValue('captcha') ?? '').trim();
  if (!captcha.safeParse(v).success) {
    form.setFields([{ name: 'captcha', errors: [MSG.captcha] }]);
    throw new Error(MSG.captcha);
  }
  form.setFields([{ name: 'captcha', errors: [] }]);
  return v;
}
