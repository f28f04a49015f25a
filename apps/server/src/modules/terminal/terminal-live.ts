import websocket from '@fastify/websocket';
import { ConsoleKind, WS_CLOSE } from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import { Gauge } from 'prom-client';
import { persistedSecret } from '../../lib/server-secret.ts';
import { systemStoreScope } from '../../tenant/index.ts';
import {
  type DrawListener,
  drawListener,
  type EnvelopeListener,
  envelopeListener,
  type GameListener,
  gameListener,
  setDrawListener,
  setEnvelopeListener,
  setGameListener,
} from '../activity/index.ts';
import { balanceLowSubject, birthdaySubject } from '../broadcast/index.ts';
import {
  createSeatOrder,
  type SeatOrderListener,
  seatOrderListener,
  setSeatOrderListener,
} from '../order/index.ts';
import { type SessionEvents, sessionEvents, setSessionEvents } from '../session/index.ts';
import {
  machineInStore,
  reportMachineStates,
  type SeatListener,
  seatListener,
  setSeatListener,
} from '../venue/index.ts';
import { createTerminalService } from './terminal.service.ts';
import { terminalApiRoutes } from './terminal-api.routes.ts';
import { memoryBus, redisBus, type TerminalBus } from './terminal-bus.ts';
import { terminalConsoleRoutes } from './terminal-console.routes.ts';
import { createHub } from './terminal-hub.ts';
import { IDLE_MS, type LiveConn } from './terminal-socket.ts';

/** Largest frame a console may send (an acknowledgement or a broadcast is far smaller). */
const MAX_FRAME_BYTES = 4096;

/**
 * The terminal domain's one plugin: builds the bus (Redis pub/sub with REDIS_URL, else in process),
 * the hub and the service once, then registers the WebSocket support, the console routes and the
 * terminal API beneath it (docs/decisions/110-112).
 */
export async function terminalPlugin(app: FastifyInstance) {
  const { config, db } = app.deps;
  const onError = (e: unknown) => app.log.error({ err: e }, 'terminal live channel');
  // processes share a channel only when they share a database: its name is kept in that database
  const bus: TerminalBus = config.REDIS_URL
    ? await redisBus(
        config.REDIS_URL,
        `netbar:terminal:${(await persistedSecret(db, 'terminal_bus')).slice(0, 16)}`,
        onError,
      )
    : memoryBus();
  const hub = createHub(bus, onError);
  const live = new Set<LiveConn>();
  const svc = createTerminalService({
    db,
    publish: hub.publish,
    onPublishError: onError,
    findMachine: machineInStore,
    reportStates: reportMachineStates,
    seatOrder: createSeatOrder,
  });

  // a seat order accepted, prepared, delivered or cancelled at the counter: BUY_DONE to the machine (decision 134)
  const seatOrders: SeatOrderListener = async (s, orderId, by) => {
    await svc.ackOrder(s, orderId, by).catch(onError);
  };
  const seatOrdersBefore = seatOrderListener();
  setSeatOrderListener(seatOrders);

  // machine state changes of the venue and session domains reach the store's consoles (SEATS, decision 114)
  const seats: SeatListener = (netbarId, ids) => {
    hub.publish({ netbarId, msg: { type: ConsoleKind.SEATS, ids } }).catch(onError);
  };
  const seatsBefore = seatListener();
  setSeatListener(seats);

  // a live draw's winners reach the store's consoles (DRAW, decision 178)
  const draws: DrawListener = (netbarId, r) => {
    hub.publish({ netbarId, msg: { type: ConsoleKind.DRAW, ...r } }).catch(onError);
  };
  const drawsBefore = setDrawListener(draws);

  // a 赛事 result recorded or reviewed: the store's consoles reload 赛事活动 (GAME, decision 187)
  const games: GameListener = (netbarId, e) => {
    hub.publish({ netbarId, msg: { type: ConsoleKind.GAME, ...e } }).catch(onError);
  };
  const gamesBefore = setGameListener(games);

  // an online red envelope released: each machine with a member online is told, 抢红包 (decision 183)
  const envelopes: EnvelopeListener = async (netbarId, r) => {
    const text = `【线上红包】${r.name}开抢啦！点击“抢红包”领取`;
    for (const machineId of r.machineIds)
      await svc.notifyMachine(systemStoreScope(netbarId), machineId, text).catch(onError);
  };
  const envelopesBefore = setEnvelopeListener(envelopes);

  // the session domain's warning and end reach the machine through the terminal's feed
  const events: SessionEvents = {
    warn: async (nid, e) => {
      // the consoles' voice announcer: 余额不足 (decision 189)
      const who = await balanceLowSubject(db, nid, e.machineId).catch(onError);
      if (who) {
        const msg = {
          type: ConsoleKind.BALANCE_LOW,
          machine_id: e.machineId,
          minutes_left: e.minutesLeft,
          ...who,
        };
        hub.publish({ netbarId: nid, msg }).catch(onError);
      }
      await svc.notifyMachine(
        systemStoreScope(nid),
        e.machineId,
        `余额即将用完，约剩${e.minutesLeft}分钟，请及时充值`,
      );
    },
    ended: async (nid, e) => {
      seats(nid, [e.machineId]);
      await svc.notifyMachine(systemStoreScope(nid), e.machineId, `本次上机已结束：${e.reason}`);
    },
    // a member logged on on their birthday: the consoles' voice announcer says so (decision 189)
    started: async (nid, e) => {
      const who = await birthdaySubject(db, nid, e.machineId, e.memberId).catch(onError);
      if (who)
        hub
          .publish({ netbarId: nid, msg: { type: ConsoleKind.BIRTHDAY, machine_id: e.machineId, ...who } })
          .catch(onError);
    },
  };
  const before = sessionEvents();
  setSessionEvents(events);

  // the console sockets open on this process, for /metrics (decision 193)
  new Gauge({
    name: 'netbar_websocket_connections',
    help: '本进程打开的控制台 WebSocket 连接数',
    registers: [app.metrics],
    collect() {
      this.set(live.size);
    },
  });

  const sweep = setInterval(() => {
    const idleSince = Date.now() - IDLE_MS;
    for (const c of live) if (c.lastSeen < idleSince) c.close(WS_CLOSE.idle, 'idle');
  }, 10_000);
  sweep.unref();
  app.addHook('onClose', async () => {
    // the hook is process-wide (one app per process outside tests): a closed app hands it back
    if (sessionEvents() === events) setSessionEvents(before);
    if (seatListener() === seats) setSeatListener(seatsBefore);
    if (drawListener() === draws) setDrawListener(drawsBefore);
    if (gameListener() === games) setGameListener(gamesBefore);
    if (envelopeListener() === envelopes) setEnvelopeListener(envelopesBefore);
    if (seatOrderListener() === seatOrders) setSeatOrderListener(seatOrdersBefore);
    clearInterval(sweep);
    await hub.close();
  });

  // on SIGTERM, before the server stops: each console is told to reconnect (1012), which it does after
  // its backoff, through the balancer to a process still running (decision 193)
  app.addHook('preClose', async () => {
    for (const c of live) c.close(WS_CLOSE.restarting, 'restart');
  });
  await app.register(websocket, { options: { maxPayload: MAX_FRAME_BYTES } });
  await app.register(terminalConsoleRoutes, { svc, hub, live });
  await app.register(terminalApiRoutes, { svc, hub });
}
