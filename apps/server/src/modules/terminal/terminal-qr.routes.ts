import { scanLogonBody, scanLogonInfoQuery } from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.ts';
import { sessionEvents } from '../session/index.ts';
import { createQrLogon } from './terminal-qr.service.ts';

const TAGS = ['终端接口'];

/**
 * The public side of QR logon (docs/decisions/113), behind the web page /scan_logon: no login, no server
 * key — the one-time ticket in the QR code is the only handle, rate limited per client address.
 */
export async function scanLogonRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, kv, config } = app.deps;
  const qr = createQrLogon({ db, kv, config, events: sessionEvents });
  const perMinute = config.LOGIN_RATE_PER_MINUTE;

  r.get(
    '/scan_logon_info',
    {
      schema: {
        summary: '扫码上机：二维码对应的门店与机器（无需登录，不含会员信息）',
        tags: TAGS,
        querystring: scanLogonInfoQuery,
      },
      config: { auth: { public: true }, rateLimit: { max: perMinute * 4, timeWindow: '1 minute' } },
    },
    async (req) => ok(await qr.info(req.query.ticket)),
  );

  r.post(
    '/scan_logon_confirm',
    {
      schema: {
        summary: '扫码上机：会员在手机上输入卡号（或手机号）与密码确认上机（无需登录，二维码一次有效）',
        tags: TAGS,
        body: scanLogonBody,
      },
      config: {
        auth: { public: true },
        oplog: false,
        rateLimit: { max: perMinute, timeWindow: '1 minute' },
      },
    },
    async (req) => {
      const b = req.body;
      const done = await qr.confirm(b.ticket, b.account, b.password);
      return ok(
        {
          machine_name: done.machine_name,
          member_name: done.member_name,
          plan_name: done.plan_name,
          minutes_left: done.minutes_left,
        },
        '上机成功',
      );
    },
  );
}
