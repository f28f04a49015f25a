import { captchaUrl } from '../api/captcha';

interface Props {
  /** Changing the nonce reloads the image. */
  nonce: number;
  onRefresh: () => void;
}

/** The captcha image (SVG; the server sets an httpOnly cookie). A click asks for a new one. */
export function CaptchaImage({ nonce, onRefresh }: Props) {
  return (
    <img
      src={captchaUrl(nonce)}
      alt="验证码"
      title="看不清？点击刷新"
      onClick={onRefresh}
      data-testid="captcha-img"
      style={{
        width: 120,
        height: 40,
        cursor: 'pointer',
        border: '1px solid #d9d9d9',
        borderRadius: 6,
        background: '#fff',
        flex: 'none',
      }}
    />
  );
}
