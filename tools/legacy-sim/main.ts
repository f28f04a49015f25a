import { startLegacySim } from './server.ts';

// npm run legacy-sim — LEGACY_SIM_PORT (4610), LEGACY_SIM_MEMBERS (200000 a store),
// LEGACY_SIM_SMS_CODE (123456), LEGACY_SIM_IMG_CODE (abcd).
const env = process.env;
const sim = await startLegacySim(Number(env.LEGACY_SIM_PORT || 4610), {
  members: Number(env.LEGACY_SIM_MEMBERS || 200_000),
  smsCode: env.LEGACY_SIM_SMS_CODE || '123456',
  imgCode: env.LEGACY_SIM_IMG_CODE || 'abcd',
});
console.log(`旧系统模拟器已启动：${sim.url}（演示账号 demo / smsuser / imguser / locked，密码 demo123）`);
const stop = () => void sim.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
