import type { FastifyPluginAsync } from 'fastify';
import { accountRoutes } from './account/account.routes.ts';
import { accountsModules } from './accounts-modules.ts';
import { netbarRoutes } from './agent/netbar.routes.ts';
import { netbarExtraRoutes } from './agent/netbar-extra.routes.ts';
import { channelRoutes } from './channel/channel.routes.ts';
import { goodsModules } from './goods/goods-modules.ts';
import { homeRoutes } from './home/home.routes.ts';
import { noticeRoutes } from './notice/notice.routes.ts';
import { serviceInfoRoutes } from './service-info.routes.ts';
import { staffRoutes } from './staff/staff.routes.ts';
import { storeRoutes } from './store/store.routes.ts';
import { uploadRoutes } from './upload/upload.routes.ts';
import { walletRoutes } from './wallet/wallet.routes.ts';
import { walletAdminRoutes } from './wallet/wallet-admin.routes.ts';

/**
 * The modules of each service. A new domain adds its `<domain>.routes.ts` plugin to one list here.
 */
export const passportModules: FastifyPluginAsync[] = [
  accountRoutes,
  storeRoutes,
  noticeRoutes,
  homeRoutes,
  ...accountsModules,
  netbarRoutes,
  netbarExtraRoutes,
  channelRoutes,
  staffRoutes,
  walletRoutes,
  walletAdminRoutes,
  ...goodsModules,
  uploadRoutes,
];
export const paymentModules: FastifyPluginAsync[] = [serviceInfoRoutes('payment')];
export const merchantModules: FastifyPluginAsync[] = [serviceInfoRoutes('merchant')];
export const importModules: FastifyPluginAsync[] = [serviceInfoRoutes('import')];
