import type { Domain } from '../domain.ts';
import { terminalPlugin } from './terminal-live.ts';
import { scanLogonRoutes } from './terminal-qr.routes.ts';

/** 终端接口（网吧服务端与客户机）与实时消息通道（WebSocket /api/v1/ws）. */
export const terminalDomain: Domain = {
  name: 'terminal',
  service: 'passport',
  routes: [terminalPlugin, scanLogonRoutes],
};
