import {
  MEMBER_STATUS_LABELS,
  terminalBalanceQuery,
  terminalLogoffBody,
  terminalLogonBody,
  terminalQrStatusQuery,
  terminalQrTicketBody,
} from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { NotFoundError } from '../../lib/errors.ts';
import { ok } from '../../lib/reply.ts';
import { terminalScopeOf } from '../../tenant/index.ts';
import { checkTerminalLogon, memberByCard } from '../member/index.ts';
import { endOpenSession, sessionEvents, startSession } from '../session/index.ts';
import { TERMINAL_CALL, TERMINAL_SECURITY, TERMINAL_TAGS } from './terminal-api.routes.ts';
import { createQrLogon } from './terminal-qr.service.ts';

/** Whoever acts for a PC in the session ledger. */
const CLIENT = { id: 0, name: '客户端' };

/**
 * Member logon/logoff at a machine through the session domain (the scope is the store whose key
 * authenticated the call; registered beneath the terminal authentication hook).
 */
export async function terminalSessionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = () => ({ db: app.deps.db, events: sessionEvents() });
  const { db, kv, config } = app.deps;
  const qr = createQrLogon({ db, kv, config, events: sessionEvents });
  const doc = (summary: string) => ({ summary, tags: TERMINAL_TAGS, security: TERMINAL_SECURITY });
  /** The store's member (or its chain's, when shared) with that card; another pool's card is unknown. */
  const member = async (s: ReturnType<typeof terminalScopeOf>, cardNo: string) => {
    const m = await memberByCard({ db: app.deps.db, config: app.deps.config }, s, cardNo);
    if (!m) throw new NotFoundError('会员卡不存在');
    return m;
  };

  r.post(
    '/terminal_logon',
    {
      schema: {
        ...doc(
          '会员在客户机上机（卡号由网吧服务端读取；已设密码的会员须提供密码，连续错5次锁定15分钟；未设密码的会员仅在门店允许时凭卡上机）',
        ),
        body: terminalLogonBody,
      },
      config: TERMINAL_CALL,
    },
    async (req) => {
      const s = terminalScopeOf(req);
      const m = await member(s, req.body.card_no);
      await checkTerminalLogon({ db, kv, config }, s, m.id, req.body.password);
      const started = await startSession(deps(), s, CLIENT, {
        memberId: m.id,
        machineId: req.body.machine_id,
        source: 'terminal',
      });
      return ok({ ...started, member_name: m.name, level_name: m.level_name }, '上机成功');
    },
  );

  r.post(
    '/terminal_qr_ticket',
    {
      schema: {
        ...doc('扫码上机：为本机器申请一次性二维码（2分钟有效，url 即二维码内容）'),
        body: terminalQrTicketBody,
      },
      config: TERMINAL_CALL,
    },
    async (req) => {
      const base = config.PUBLIC_URL ?? `${req.protocol}://${req.host}`;
      return ok(await qr.issue(terminalScopeOf(req), req.body.machine_id, base));
    },
  );

  r.get(
    '/terminal_qr_status',
    {
      schema: {
        ...doc('扫码上机：查询二维码状态（waiting 等待确认 / done 已上机 / failed 失败原因），建议每2秒一次'),
        querystring: terminalQrStatusQuery,
      },
      config: TERMINAL_CALL,
    },
    async (req) => ok(await qr.status(terminalScopeOf(req), req.query.ticket)),
  );

  r.get(
    '/terminal_balance',
    {
      schema: { ...doc('会员余额查询（本金、奖励、积分、免费上网时长）'), querystring: terminalBalanceQuery },
      config: TERMINAL_CALL,
    },
    async (req) => {
      const m = await member(terminalScopeOf(req), req.query.card_no);
      return ok({
        card_mask: m.card_mask,
        name: m.name,
        level_name: m.level_name,
        status: MEMBER_STATUS_LABELS[m.status],
        principal_fen: m.principal_fen,
        bonus_fen: m.bonus_fen,
        balance_fen: m.principal_fen + m.bonus_fen,
        points: m.points,
        free_minutes: m.free_minutes,
      });
    },
  );

  r.post(
    '/terminal_logoff',
    {
      schema: {
        summary: '客户机下机：结束该机器上的上机记录并结算',
        tags: TERMINAL_TAGS,
        security: TERMINAL_SECURITY,
        body: terminalLogoffBody,
      },
      config: TERMINAL_CALL,
    },
    async (req) =>
      ok(
        await endOpenSession(deps(), terminalScopeOf(req), CLIENT, { machineId: req.body.machine_id }),
        '已下机',
      ),
  );
}
