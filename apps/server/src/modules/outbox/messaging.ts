import type { Deps } from '../../types.ts';
import { createCaptchaService } from '../account/index.ts';
import { type CodeService, createCodeService } from './codes.service.ts';
import { createDelivery, type Delivery } from './delivery.ts';

export interface Messaging {
  delivery: Delivery;
  codes: CodeService;
  captcha: ReturnType<typeof createCaptchaService>;
}

export type MessagingDeps = Pick<Deps, 'db' | 'config' | 'kv'>;

const cache = new WeakMap<MessagingDeps, Messaging>();

/** The delivery, the code service and the image captcha, one set per app (keyed by `app.deps`) (shared by the account modules). */
export function messagingOf(deps: MessagingDeps): Messaging {
  let m = cache.get(deps);
  if (!m) {
    const { db, config, kv } = deps;
    const delivery = createDelivery(db, config, { kv });
    m = {
      delivery,
      codes: createCodeService(kv, config, delivery),
      captcha: createCaptchaService(kv, config),
    };
    cache.set(deps, m);
  }
  return m;
}
