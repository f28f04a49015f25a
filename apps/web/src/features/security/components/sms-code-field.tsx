import { useMutation } from '@tanstack/react-query';
import { Button, Input } from 'antd';
import { useEffect, useState } from 'react';

export const RESEND_SECONDS = 180;

interface Props {
  value?: string;
  onChange?: (v: string) => void;
  /** Sends the code; resolves with the seconds until a resend is allowed, rejects when refused. */
  onSend: () => Promise<number>;
  placeholder?: string;
}

/** A 6-digit code input with 获取验证码 and the 180 s countdown (spec section 9). */
export function SmsCodeField({ value, onChange, onSend, placeholder = '请输入6位验证码' }: Props) {
  const [left, setLeft] = useState(0);
  // a refusal (invalid form, wrong captcha, server) was shown by the form or the request client
  const sending = useMutation({ mutationFn: onSend, onSuccess: setLeft });
  useEffect(() => {
    if (left <= 0) return;
    const id = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(id);
  }, [left]);

  return (
    <div style={{ display: 'flex', gap: 8 }}>
      <Input
        placeholder={placeholder}
        maxLength={6}
        inputMode="numeric"
        autoComplete="one-time-code"
        value={value}
        onChange={(e) => onChange?.(e.target.value)}
      />
      <Button
        style={{ width: 140, flex: 'none' }}
        disabled={left > 0}
        loading={sending.isPending}
        onClick={() => sending.mutate()}
      >
        {left > 0 ? `${left}秒后重新获取` : '获取验证码'}
      </Button>
    </div>
  );
}
