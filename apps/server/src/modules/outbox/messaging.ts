import type { FastifyInstance } from 'fastify';
import { createCaptchaService } from '../account/index.ts';
import { type CodeService, createCodeService } from './codes.service.ts';
import { createDelivery, type Delivery } from './delivery.ts';

export interface Messaging {
  delivery: Delivery;
  codes: CodeService;
  captcha: ReturnType<typeof createCaptchaService>;
}

const cache = new WeakMap<FastifyInstance, Messaging>();

/** The delivery, the code service and the image captcha, one set per app (shared by the account modules). */
export function messagingOf(app: FastifyInstance): Messaging {
  let m = cache.get(app);
  if (!m) {
    const { db, config, kv } = app.deps;
    const delivery = createDelivery(db, config, { kv });
    m = {
      delivery,
      codes: createCodeService(kv, config, delivery),
      captcha: createCaptchaService(kv, config),
    };
    cache.set(app, m);
  }
  return m;
}
