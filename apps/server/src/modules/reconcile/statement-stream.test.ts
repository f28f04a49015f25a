import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { shanghaiDate } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { rsaPair } from '../../test/fake-alipay.ts';
import { fakeWechatpay, PLATFORM_SERIAL } from '../../test/fake-wechatpay.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { paymentsOf } from '../payment/index.ts';
import { runReconcile } from './index.ts';

/**
 * Decision 184: a real acquirer's daily statement is read as it downloads. WeChat Pay's trade bill of
 * 200,000 rows (about 20 MB), served in chunks by the local stand-in, goes through the adapter's
 * statementPages (bytes → lines → pages of 2,000) into the reconciliation, with the JS heap rising by less
 * than 50 MB above where it started (sampled every 20 ms); a bill whose SHA1 does not match is refused
 * and leaves no run result.
 */
const ROWS = 200_000;
// a full collection before the baseline (the flag set at run time, the function taken from a new context)
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const MCHID = '1900000109';
const APIV3 = 'Q8x5jR2mT9vK4nL7pW1sY6zB3cF0hD8g';
const merchant = rsaPair();
const day = shanghaiDate(Date.now() - 86_400_000);
let wx: Awaited<ReturnType<typeof fakeWechatpay>>;
let t: TestApp;

/** The bill as WeChat Pay writes it: header, backtick rows, the two-line summary; 1,000 rows a chunk. */
function* bill(rows = ROWS): Iterable<Buffer> {
  yield Buffer.from(
    '\uFEFF交易时间,公众账号ID,商户号,微信订单号,商户订单号,交易类型,交易状态,微信退款单号,商户退款单号,退款金额,订单金额,申请退款金额\r\n',
  );
  for (let i = 0; i < rows; i += 1000) {
    let chunk = '';
    for (let j = i; j < Math.min(rows, i + 1000); j++) {
      const n = String(j).padStart(8, '0');
      chunk += `\`${day} 12:${String(j % 60).padStart(2, '0')}:00,\`wxd678efh567hg6787,\`${MCHID},\`42000${n}${n}00000,\`P${day.replaceAll('-', '')}1200${n}CAFE,\`NATIVE,\`SUCCESS,\`0,\`0,\`0.00,\`${(j % 500) + 1}.50,\`0.00\r\n`;
    }
    yield Buffer.from(chunk);
  }
  yield Buffer.from(`总交易单数,应结订单总金额\r\n\`${rows},\`0.00\r\n`);
}

beforeAll(async () => {
  wx = await fakeWechatpay(merchant.publicPem, MCHID, APIV3);
  const dir = mkdtempSync(join(tmpdir(), 'nb-wxbill-'));
  writeFileSync(join(dir, 'apiclient_key.pem'), merchant.privatePem);
  t = await createTestApp({
    WECHATPAY_MCHID: MCHID,
    WECHATPAY_APPID: 'wxd678efh567hg6787',
    WECHATPAY_SERIAL: '3775B6A45ACD588826D15E583A95F5DD12345678',
    WECHATPAY_PRIVATE_KEY_FILE: join(dir, 'apiclient_key.pem'),
    WECHATPAY_APIV3_KEY: APIV3,
    WECHATPAY_PUBLIC_KEY: wx.platformPublicKey,
    WECHATPAY_PUBLIC_KEY_ID: PLATFORM_SERIAL,
    WECHATPAY_BASE_URL: wx.baseURL,
  });
}, 300_000);
afterAll(async () => {
  await t?.close();
  await wx?.close();
});

describe('a statement is streamed into the reconciliation', () => {
  it(`${ROWS.toLocaleString('en')} rows of WeChat Pay's bill are reconciled with the heap rising by < 50 MB`, async () => {
    wx.setBillStream(() => bill());
    const deps = { db: t.database.db, config: t.config };
    gc(); // what was left by the set-up is not counted as ours
    const base = process.memoryUsage().heapUsed;
    // two figures: the raw peak (garbage not yet collected included: V8 lets it pile up as it likes) and the
    // live heap (after a full collection, every 500 ms) — what the run holds, which the limit is about
    let peak = base;
    let live = base;
    let ticks = 0;
    const timer = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().heapUsed);
      if (++ticks % 25 === 0) {
        gc();
        live = Math.max(live, process.memoryUsage().heapUsed);
      }
    }, 20);
    const started = Date.now();
    let run: Awaited<ReturnType<typeof runReconcile>>;
    try {
      run = await runReconcile(deps, { day, provider: 'wechatpay' });
    } finally {
      clearInterval(timer);
    }
    const mb = (n: number) => (n - base) / 1024 / 1024;
    const risenMb = mb(live);
    console.log(
      `statement-stream: ${ROWS} lines reconciled in ${((Date.now() - started) / 1000).toFixed(1)} s, live heap +${risenMb.toFixed(1)} MB (raw peak +${mb(peak).toFixed(1)} MB)`,
    );
    expect(run.status, run.error).toBe('已完成');
    expect(run.statement_lines).toBe(ROWS);
    // none of them is a payment of ours: every line is 我方缺失, none lost
    expect(run.missing_ours).toBe(ROWS);
    expect(risenMb).toBeLessThan(50);
    // the measure tells: the same day held whole (statement(day), one array) holds far more
    const wxpay = paymentsOf(deps).providers.get('wechatpay')!;
    gc();
    const before = process.memoryUsage().heapUsed;
    const whole = await wxpay.statement(day);
    gc();
    const heldMb = (process.memoryUsage().heapUsed - before) / 1024 / 1024;
    console.log(`statement-stream: the same day as one array holds +${heldMb.toFixed(1)} MB`);
    expect(whole).toHaveLength(ROWS);
    expect(heldMb).toBeGreaterThan(risenMb + 20);
  }, 120_000);

  it('a bill whose digest does not match is refused: the run fails with the reason, no line kept (bad input)', async () => {
    wx.setBillStream(() => bill(3), { serve: () => bill(4) });
    const deps = { db: t.database.db, config: t.config };
    const run = await runReconcile(deps, { day, provider: 'wechatpay' });
    expect(run.status).toBe('失败');
    expect(run.error).toContain('对账单摘要校验失败');
    const staged = await rows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from reconcile_staging`,
    );
    expect(staged[0]!.n).toBe(0);
  });
});
