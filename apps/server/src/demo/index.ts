import type { Db } from '../db/client.ts';
import { activityDemo } from './activity.ts';
import { activityAppsDemo } from './activity-apps.ts';
import { agentDemo } from './agent.ts';
import { broadcastDemo } from './broadcast.ts';
import { commissionDemo } from './commission.ts';
import { countDemo } from './count-sheet.ts';
import { couponDemo } from './coupon.ts';
import { deadStockDemo } from './dead-stock.ts';
import { deskDemo } from './desk.ts';
import { desktopDemo } from './desktop.ts';
import { gameActivityDemo } from './game-activity.ts';
import { goodsDemo } from './goods.ts';
import { marketingDemo } from './marketing.ts';
import { memberDemo } from './member.ts';
import { memberBirthdayDemo } from './member-birthdays.ts';
import { memberSignUpDemo } from './member-signup.ts';
import { merchantDemo } from './merchant.ts';
import { netbarStaffDemo } from './netbar-staff.ts';
import { seedNotices } from './notice.ts';
import { orderDemo } from './orders.ts';
import { seedOutbox } from './outbox.ts';
import { paymentMethodDemo } from './payment-method.ts';
import { paymentProfitDemo } from './payment-profit.ts';
import { reconcileDemo } from './reconcile.ts';
import { reportDemo } from './report.ts';
import { restockDemo } from './restock.ts';
import { scanPaymentDemo } from './scan-payments.ts';
import { secondaryScreenDemo } from './secondary-screen.ts';
import { shiftDemo } from './shift.ts';
import { venueDemo } from './venue.ts';

/**
 * Domain demo generators (catalogue, stock, heartbeats ...), each idempotent. A module adds its own
 * generator to this list.
 */
const generators: ((db: Db) => Promise<void>)[] = [
  agentDemo,
  // 星际网咖's staff before the generators that book their work (commissions, tips)
  netbarStaffDemo,
  seedNotices,
  goodsDemo,
  seedOutbox,
  venueDemo,
  shiftDemo,
  memberDemo,
  // 生日 for some of the flagship's members, one today (decision 183)
  memberBirthdayDemo,
  // the rooms and tables first: the order demo settles their past sessions in its shifts
  deskDemo,
  orderDemo,
  // the flagship's new members by the staff on duty (decision 137)
  memberSignUpDemo,
  countDemo,
  // today's 补货单 after the 90 days of sales and yesterday's count sheet (demo/restock.ts)
  restockDemo,
  // peripherals bought 75 days ago and never sold: 滞销统计 (238)
  deadStockDemo,
  // the chain's commission rules (decision 147)
  commissionDemo,
  // 星际网咖's payment methods and fixed QR codes (decision 162)
  paymentMethodDemo,
  // merchants in each state for demo_pay's review (decision 163)
  merchantDemo,
  // the sandbox payments of every scan-paid order, top-up and table; refund requests (decision 172)
  scanPaymentDemo,
  // a reconciliation day with one 金额不符 for demo_pay (decision 168)
  reconcileDemo,
  // 支付分润: every past day of the payments above settled, as the daily job does (decision 171)
  paymentProfitDemo,
  // 星际网咖's sign-in and blind box with 30 days of claims (decision 173)
  activityDemo,
  // its 礼包兑换, 线上红包, 收银抽奖, 营销活动 and 直播抽奖 with claims through the engine (decision 180)
  activityAppsDemo,
  // 星际网咖's 绝地求生 赛事活动: tasks paid through the engine over 4 days, a leaderboard, results to confirm (decision 181)
  gameActivityDemo,
  // 星际网咖旗舰店's 优惠券: two templates and 12 coupons issued by hand (decision 186)
  couponDemo,
  // 星际网咖's finished SMS campaign to 黄金 and two 私域 codes with 30 days of scans (decision 179)
  marketingDemo,
  // 星际网咖旗舰店's 语音播报 templates, every event on (decision 189)
  broadcastDemo,
  // 星际网咖旗舰店's 桌面: a default desktop, 电竞区's own and its night band (decision 192)
  desktopDemo,
  // 星际网咖旗舰店's 副屏: sample slides, a schedule and a link (decision 191)
  secondaryScreenDemo,
  // last: the daily rollups of everything above (decision 152)
  reportDemo,
];

export async function runDemoGenerators(db: Db): Promise<void> {
  // DEMO_PROFILE=1 prints each generator's wall and CPU time (the demo's start-up cost counts)
  const profile = process.env.DEMO_PROFILE === '1';
  for (const g of generators) {
    const wall = performance.now();
    const cpu = process.cpuUsage();
    await g(db);
    if (profile) {
      const c = process.cpuUsage(cpu);
      console.log(
        `demo ${g.name}: ${Math.round(performance.now() - wall)} ms, CPU ${Math.round((c.user + c.system) / 1000)} ms`,
      );
    }
  }
}
