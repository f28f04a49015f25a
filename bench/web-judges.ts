// `npm run bench -- --web`: two outside judges of the console on the production build.
// Lighthouse 12 on /account/login (desktop and mobile) and /home after login; axe-core over every screen
// of the demo netbar owner, agent and administrator. Goals (issue 21): performance ≥ 90 desktop and ≥ 75
// mobile on the login page, LCP ≤ 2.5 s desktop; 0 serious and 0 critical axe violations on every screen.
import { chromium } from 'playwright-core';
import { ensureBrowser } from '../scripts/ensure-browser.mjs';
import { axeAccount, axeLogin, axePublicSeats, type ScreenResult, sumNodes } from './web-axe.ts';
import { type LighthouseFigures, runLighthouse } from './web-lighthouse.ts';
import { startBuiltServer } from './web-server.ts';

const ACCOUNTS = [
  { key: '网吧', user_name: 'demo_netbar', type: 3 },
  { key: '代理商', user_name: 'demo_agent', type: 1 },
  { key: '内部管理员', user_name: 'demo_admin', type: 4 },
];

const kb = (b: number) => `${(b / 1024).toFixed(1)} KB`;
const line = (label: string, f: LighthouseFigures) =>
  `${label.padEnd(28)} 性能 ${String(f.performance).padStart(3)}  无障碍 ${String(f.accessibility).padStart(3)}  ` +
  `LCP ${(f.lcpMs / 1000).toFixed(2)} s  TBT ${f.tbtMs} ms  FCP ${(f.fcpMs / 1000).toFixed(2)} s  传输 ${kb(f.transferredBytes)}`;
const counts = (n: ScreenResult['nodes']) =>
  `严重(critical) ${n.critical}  重要(serious) ${n.serious}  中等(moderate) ${n.moderate}  轻微(minor) ${n.minor}`;

// JUDGES=axe or JUDGES=lighthouse runs one judge alone (e.g. `JUDGES=axe npm run bench -- web-judges`)
const judges = (process.env.JUDGES ?? 'lighthouse,axe').split(',');

ensureBrowser();
const server = await startBuiltServer();
const { base } = server;
let failed = false;
try {
  if (judges.includes('lighthouse')) await lighthouse();
  if (judges.includes('axe')) await axe();
} finally {
  await server.stop();
}
if (failed) console.log('\n未达到 issue 21 的目标（见上）。');

async function lighthouse() {
  console.log('\nLighthouse 12（Debian chromium，无缓存；移动端为默认的模拟节流）');
  const demo = { base, user_name: 'demo_netbar', type: 3 };
  const runs: [string, string, 'desktop' | 'mobile', typeof demo | undefined][] = [
    ['/account/login 桌面', '/account/login', 'desktop', undefined],
    ['/account/login 移动', '/account/login', 'mobile', undefined],
    ['/home（登录后，网吧）桌面', '/home', 'desktop', demo],
    ['/home（登录后，网吧）移动', '/home', 'mobile', demo],
  ];
  const lh: Record<string, LighthouseFigures> = {};
  for (const [label, path, profile, user] of runs) {
    lh[label] = await runLighthouse(`${base}${path}`, profile, user);
    console.log(line(label, lh[label]));
  }
  const d = lh['/account/login 桌面']!;
  const m = lh['/account/login 移动']!;
  console.log(
    `目标：登录页桌面性能 ≥ 90（${d.performance}）、移动 ≥ 75（${m.performance}）、桌面 LCP ≤ 2.5 s（${(d.lcpMs / 1000).toFixed(2)} s）`,
  );
  if (d.performance < 90 || m.performance < 75 || d.lcpMs > 2500) failed = true;
}

async function axe() {
  console.log('\naxe-core 4.13（WCAG 2.0/2.1 A 与 AA），受影响元素数按影响程度');
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
  });
  try {
    const login = await axeLogin(browser, base);
    console.log(`登录页：${counts(login.nodes)}`);
    const all: ScreenResult[] = [login];
    for (const who of ACCOUNTS) {
      const rs = await axeAccount(browser, base, who);
      all.push(...rs);
      console.log(`${who.key}（${who.user_name}）${rs.length} 个页面：${counts(sumNodes(rs))}`);
      for (const r of rs.filter((x) => x.severe.length)) console.log(`  ${r.path}  ${r.severe.join(' ')}`);
    }
    const seats = await axePublicSeats(browser, base, ACCOUNTS[0]!);
    all.push(...seats);
    console.log(`公开机位页（/jiweitu、/diagram_preview）：${counts(sumNodes(seats))}`);
    for (const r of seats.filter((x) => x.severe.length)) console.log(`  ${r.path}  ${r.severe.join(' ')}`);
    const t = sumNodes(all);
    const bad = all.filter((r) => r.nodes.critical + r.nodes.serious > 0).length;
    console.log(`合计 ${all.length} 个页面：${counts(t)}；有 serious/critical 的页面 ${bad} 个（目标 0）`);
    if (bad) failed = true;
  } finally {
    await browser.close();
  }
}
