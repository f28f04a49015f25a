import { createHmac } from 'node:crypto';

export interface SmsMessage {
  to: string;
  template: string;
  params: Record<string, string>;
  signName: string;
}

/** An SMS provider adapter: sends one templated message or throws with a reason. */
export interface SmsProvider {
  name: string;
  send(m: SmsMessage): Promise<void>;
}

/**
 * A generic signed HTTP provider (docs/decisions/022-message-delivery.md): POSTs JSON
 * `{to, sign_name, template, params, timestamp, nonce}` with `X-Signature: hex(HMAC-SHA256(secret,
 * timestamp + "\n" + nonce + "\n" + body))`. A gateway in front of Aliyun, Tencent Cloud or any other
 * SMS vendor verifies the signature and maps `template` to the vendor's template code.
 */
export function webhookSms(url: string, secret: string, fetcher: typeof fetch = fetch): SmsProvider {
  return {
    name: 'webhook',
    async send(m) {
      const timestamp = String(Math.floor(Date.now() / 1000));
      const nonce = Math.random().toString(36).slice(2, 12);
      const body = JSON.stringify({
        to: m.to,
        sign_name: m.signName,
        template: m.template,
        params: m.params,
        timestamp,
        nonce,
      });
      const signature = createHmac('sha256', secret).update(`${timestamp}\n${nonce}\n${body}`).digest('hex');
      const res = await fetcher(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-timestamp': timestamp,
          'x-nonce': nonce,
          'x-signature': signature,
        },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`短信服务商返回 HTTP ${res.status}`);
    },
  };
}
