import type { FastifyInstance } from 'fastify';
import { persistedSecret } from '../../lib/server-secret.ts';
import { memoryScreenBus, redisScreenBus } from './screen-bus.ts';
import { screenPublicRoutes } from './screen-public.routes.ts';
import { secondaryScreenRoutes } from './secondary-screen.routes.ts';
import type { ScreenDeps } from './secondary-screen.service.ts';

/**
 * Builds the screens' bus (its own Redis channel with REDIS_URL, named from this database as the terminal
 * bus is) and the link key once, then registers the store's settings and push calls and the public ones.
 */
export async function secondaryScreenPlugin(app: FastifyInstance) {
  const { config, db, kv } = app.deps;
  const onError = (e: unknown) => app.log.error({ err: e }, 'secondary screen bus');
  const secret = await persistedSecret(db, 'secondary_screen_link');
  const bus = config.REDIS_URL
    ? await redisScreenBus(
        config.REDIS_URL,
        `netbar:screen:${(await persistedSecret(db, 'terminal_bus')).slice(0, 16)}`,
        onError,
      )
    : memoryScreenBus();
  const deps: ScreenDeps = { db, kv, bus, secret, mediaBase: config.IMAGES_BASE };
  app.addHook('onClose', async () => bus.close());
  await app.register(secondaryScreenRoutes, deps);
  await app.register(screenPublicRoutes, deps);
}
