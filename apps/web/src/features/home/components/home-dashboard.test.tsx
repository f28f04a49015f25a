import type {
  HomeAgentDashboard,
  HomePlatformDashboard,
  HomeStoreDashboard,
  HomeStoreFigures,
} from '@netbar/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { mockServer, renderAt } from '../../../test/render';
import { HomeDashboard } from './home-dashboard';

vi.mock('../../../components/lazy-echart', () => ({
  LazyEChart: ({ label, option }: { label: string; option: { series: { data: number[] }[] } }) => (
    <div role="img" aria-label={label}>
      {option.series.map((s) => s.data.join(',')).join('|')}
    </div>
  ),
}));

const figs = (yuan: number): HomeStoreFigures => ({
  revenue_fen: yuan * 100,
  online_fen: yuan * 40,
  goods_fen: yuan * 30,
  desk_fen: yuan * 20,
  lease_fen: yuan * 10,
  topup_fen: yuan * 50,
  topups: 3,
  orders: 12,
  sessions: 30,
  new_members: 2,
});
const store: HomeStoreDashboard = {
  day: '2026-11-26',
  compare_day: '2026-11-19',
  compare_until: '2026-11-19 21:30',
  stores: [
    { id: 1, name: '星际网咖旗舰店' },
    { id: 2, name: '星际网咖二店' },
  ],
  today: figs(500),
  last_week: figs(400),
  machines: { in_use: 18, online: 25, total: 40 },
};
const days = Array.from({ length: 30 }, (_, i) => ({
  day: `2026-10-${String(28 + i).padStart(2, '0')}`,
  online_machines: i,
  active_netbars: i % 3,
}));
const agent: HomeAgentDashboard = {
  netbars: 5,
  machines: { in_use: 7, online: 9, total: 60 },
  days,
  // last week up to this time of day (not days[-8], a whole day)
  last_week: { online_machines: 22, active_netbars: 1 },
  compare_until: '2026-11-19 21:30',
};

describe('home dashboards (decision 158)', () => {
  it("the owner's /home: the chain today against last week, machines now", async () => {
    const seen = mockServer(() => ({ body: { status: 200, msg: '', data: store } }));
    renderAt('/home', '/home', <HomeDashboard user={makeUser(3, { nid: 1 })} home2={false} />);
    expect(await screen.findByText('今日经营 · 全部门店（2家）')).toBeTruthy();
    expect(seen[0]!.url).toBe('/api/v1/home_store_dashboard');
    expect(seen[0]!.params ?? {}).not.toHaveProperty('store_id');
    const revenue = screen.getByTestId('home-revenue');
    // ¥500.00 against ¥400.00 last week: ↑25.0%
    expect(within(revenue).getByText('↑25.0%')).toBeTruthy();
    // last week up to the same time of day (decision 158), said in the card and the header
    expect(within(revenue).getByText('上周同日同时段 ¥400.00')).toBeTruthy();
    expect(screen.getByText('营业日 2026-11-26，对比上周同日 2026-11-19 截至 21:30')).toBeTruthy();
    expect(within(screen.getByTestId('home-machines')).getByText('上机中 18 台')).toBeTruthy();
    expect(within(screen.getByTestId('home-topup')).getByText('3 笔充值')).toBeTruthy();
  });

  it('/home2 after a switch asks for the current store only', async () => {
    const one = { ...store, stores: [{ id: 2, name: '星际网咖二店' }] };
    const seen = mockServer(() => ({ body: { status: 200, msg: '', data: one } }));
    renderAt('/home2', '/home2', <HomeDashboard user={makeUser(3, { nid: 2 })} home2 />);
    expect(await screen.findByText('今日经营 · 星际网咖二店')).toBeTruthy();
    expect(seen[0]!.params).toMatchObject({ store_id: 2 });
  });

  it("the agent's home: 30 days of online machines and active netbars, today against last week", async () => {
    const seen = mockServer(() => ({ body: { status: 200, msg: '', data: agent } }));
    renderAt('/home', '/home', <HomeDashboard user={makeUser(1)} home2={false} />);
    const chart = await screen.findByRole('img', { name: '近30天上线机器与活跃网吧' });
    expect(seen[0]!.url).toBe('/api/v1/home_agent_dashboard');
    expect(chart.textContent).toBe(
      `${days.map((d) => d.online_machines).join(',')}|${days.map((d) => d.active_netbars).join(',')}`,
    );
    // today 29 machines against 22 a week before up to the same time: ↑31.8%
    expect(within(screen.getByTestId('home-online_machines')).getByText('↑31.8%')).toBeTruthy();
    expect(within(screen.getByTestId('home-online_machines')).getByText('上周同日同时段 22')).toBeTruthy();
    expect(screen.getByText('对比上周同日截至 21:30')).toBeTruthy();
    expect(within(screen.getByTestId('home-machines')).getByText('9 / 60')).toBeTruthy();
    // 网吧数 is the account cards' (home_stats), not shown twice
    expect(screen.queryByTestId('home-netbars')).toBeNull();
  });

  it("the administrator's home: activity against last week up to this time; 网吧数 and 代理商数 left to the account cards", async () => {
    const platform: HomePlatformDashboard = {
      netbars: 5,
      agents: 3,
      compare_until: '2026-11-19 09:05',
      machines: { in_use: 7, online: 9, total: 60 },
      today: { active_netbars: 3, revenue_fen: 120_000, topup_fen: 50_000, orders: 40 },
      last_week: { active_netbars: 4, revenue_fen: 100_000, topup_fen: 50_000, orders: 32 },
    };
    const seen = mockServer(() => ({ body: { status: 200, msg: '', data: platform } }));
    renderAt('/home', '/home', <HomeDashboard user={makeUser(4)} home2={false} />);
    expect(await screen.findByText('对比上周同日截至 09:05')).toBeTruthy();
    expect(seen[0]!.url).toBe('/api/v1/home_platform_dashboard');
    expect(within(screen.getByTestId('home-revenue')).getByText('↑20.0%')).toBeTruthy();
    expect(within(screen.getByTestId('home-orders')).getByText('上周同日同时段 32')).toBeTruthy();
    expect(screen.queryByTestId('home-netbars')).toBeNull();
    expect(screen.queryByTestId('home-agents')).toBeNull();
  });

  it('staff without 241/240 get no dashboard and no call', async () => {
    const seen = mockServer(() => ({ body: { status: 200, msg: '', data: store } }));
    const staff = makeUser(5, { nid: 1, auth: { path: [{ id: 2641 }], btn: [] } });
    const { container } = renderAt('/home', '/home', <HomeDashboard user={staff} home2={false} />);
    expect(container.textContent).toBe('');
    expect(seen).toHaveLength(0);
  });

  it('a failed call shows 加载首页数据失败 with 重试', async () => {
    mockServer(() => ({ status: 500, body: { status: 500, msg: '', data: null } }));
    renderAt('/home', '/home', <HomeDashboard user={makeUser(4)} home2={false} />);
    expect(await screen.findByText('加载首页数据失败')).toBeTruthy();
  });
});
