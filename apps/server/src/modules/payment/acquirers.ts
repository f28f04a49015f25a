import { createAlipay } from './alipay.ts';
import { registerProvider } from './provider.ts';
import { createWechatpay } from './wechatpay.ts';

// The real acquirers (decision 170), beside the sandbox: each is built only when configured.
registerProvider('alipay', createAlipay);
registerProvider('wechatpay', createWechatpay);
