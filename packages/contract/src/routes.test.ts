import { describe, expect, it } from 'vitest';
import { ACTIVITY_KIND_LABELS, type ActivityKindValue } from './enums';
import { DEFAULT_GRANTS } from './permissions';
import {
  breadcrumbFor,
  canAccess,
  DEFAULT_SYSTEM_NAME,
  flattenRoutes,
  matchRoute,
  menuFor,
  ROUTES,
  type RouteNode,
  routeTitle,
} from './routes';
import { STOCK_DOC_TYPES } from './stock-docs';

/** Every id the spec gives, at its path. */
const SPEC_IDS: Record<string, number> = {
  '/basicsSettings/site_list': 158,
  '/goods': 143,
  '/goods/class_list': 92,
  '/goods/goods_specifications': 200,
  '/goods/goods_list': 64,
  '/goods/goods_sales_plan': 213,
  '/goods/commodity_promotion': 202,
  '/goods/goods_matter': 207,
  '/goods/goods_group': 267,
  '/order': 262,
  '/order/order_list': 264,
  '/order/lease_order_list': 263,
  '/order/desk_order_list': 265,
  '/shift_management': 150,
  '/shift_management/shift_record': 128,
  '/shift_management/shift_summary': 239,
  '/stock': 159,
  '/stock/stock_list': 73,
  '/stock/historical_Records': 147,
  '/operating_statements': 235,
  '/operating_statements/computer_statistics': 240,
  '/operating_statements/sales_ranking': 237,
  '/operating_statements/dead_stock': 238,
  '/operating_statements/operate_statistic': 241,
  '/operating_statements/stock_report': 249,
  '/operating_statements/prize_statistics': 248,
  '/Member': 179,
  '/Member/member_manage': 180,
  '/Member/Member_rights': 181,
  '/Member/redemption_record': 182,
  '/netbarManage': 3,
  '/netbarManage/list': 4,
  '/netbarManage/delay_config': 36,
  '/channelManage': 6,
  '/channelManage/lowerChannel': 7,
  '/channelManage/countChannel': 8,
  '/staffManage': 9,
  '/staffManage/staffList': 10,
  '/staffManage/staffEquipment': 11,
  '/NetbarStaffManage': 50,
  '/NetbarStaffManage/staffList': 52,
  '/NetbarStaffManage/staff_performance': 246,
  '/NetbarStaffManage/RewardRecord': 274,
  '/myWallet': 15,
  '/myWallet/fundManage': 16,
  '/myWallet/paymentProfit': 196,
  '/user': 19,
  '/application_manage': 105,
  '/payLink': 17,
};

const flat = flattenRoutes();
const byPath = new Map(flat.map((n) => [n.path, n]));
const titles = (nodes: RouteNode[]): string[] => nodes.map((n) => n.title);

describe('route table', () => {
  it('has no duplicate ids or paths', () => {
    expect(new Set(flat.map((n) => n.id)).size).toBe(flat.length);
    expect(new Set(flat.map((n) => n.path)).size).toBe(flat.length);
  });
  it('carries every spec id at its path', () => {
    for (const [path, id] of Object.entries(SPEC_IDS)) expect(byPath.get(path)?.id, path).toBe(id);
  });
  it('assigns ids ≥ 1000 everywhere the spec gave none', () => {
    const specIds = new Set(Object.values(SPEC_IDS));
    for (const n of flat) if (!specIds.has(n.id)) expect(n.id, n.path).toBeGreaterThanOrEqual(1000);
  });
  it('uses absolute paths below the parent and Chinese titles', () => {
    for (const n of flat) {
      expect(n.path.startsWith('/')).toBe(true);
      if (n.parentPath) expect(n.path.startsWith(`${n.parentPath}/`), n.path).toBe(true);
      expect(n.title).toMatch(/[\u4e00-\u9fa5]/);
    }
  });
  it('lists the pages of the spec', () => {
    for (const p of [
      '/home',
      '/home2',
      '/notice/list',
      '/account/login',
      '/account/password',
      '/error/404',
      '/error/403',
      '/jiweitu',
      '/diagram_preview',
      '/multi_zhengce',
      '/application_manage/print_template',
      '/admin/notice',
    ]) {
      expect(byPath.has(p), p).toBe(true);
    }
    expect(byPath.get('/admin/notice')?.id).toBe(5001);
    expect(byPath.get('/application_manage')?.children).toHaveLength(24);
    expect(DEFAULT_SYSTEM_NAME).toBe('网吧云管理平台');
  });
  it('marks login-free pages public', () => {
    for (const p of ['/account/login', '/account/register', '/jiweitu', '/diagram_preview', '/online_user']) {
      expect(byPath.get(p)?.access, p).toBe('public');
    }
    expect(byPath.get('/home')?.access).toBe('login');
    expect(byPath.get('/goods/goods_list')?.access).toBe('permission');
  });
});

describe('matchRoute', () => {
  it('matches static paths, ignoring query and trailing slash', () => {
    expect(matchRoute('/goods/goods_list')?.id).toBe(64);
    expect(matchRoute('/goods/goods_list/?a=1')?.id).toBe(64);
  });
  it('matches dynamic paths', () => {
    expect(matchRoute('/notice/detail/12')?.name).toBe('notice_detail');
    expect(matchRoute('/application_manage/sctivitysettings/PUBG')?.id).toBe(10506);
    expect(matchRoute('/application_manage/three_kingdoms_kill/ThreeKingdomsKill')?.id).toBe(10507);
  });
  it('returns undefined for unknown paths', () => {
    expect(matchRoute('/nope')).toBeUndefined();
    expect(matchRoute('/notice/detail')).toBeUndefined();
    expect(matchRoute('/goods/goods_list/extra')).toBeUndefined();
  });
});

describe('routeTitle', () => {
  it('names stock documents from the stockType query', () => {
    const expected: Record<string, string> = {
      goods_in: '入库单',
      mater_in: '入库单',
      goods_out: '出库单',
      mater_out: '出库单',
      goods_bar_in: '补货单',
      mater_bar_in: '补货单',
      goods_bar_out: '退库单',
      mater_bar_out: '退库单',
      goods_loss: '报损单',
      mater_loss: '报损单',
      check: '盘点单',
    };
    for (const t of STOCK_DOC_TYPES) {
      expect(routeTitle('/stock/warehousing_list', `?stockType=${t}`), t).toBe(expected[t]);
    }
    expect(routeTitle(`/stock/warehousing_list?stockType=goods_bar_in`)).toBe('补货单');
    expect(routeTitle('/stock/warehousing_list', 'stockType=bogus')).toBe('出入库单');
    expect(routeTitle('/stock/warehousing_list')).toBe('出入库单');
  });
  it('names activity settings from the type param', () => {
    for (const [kind, label] of Object.entries(ACTIVITY_KIND_LABELS) as [ActivityKindValue, string][]) {
      expect(routeTitle(`/application_manage/sctivitysettings/${kind}`)).toBe(`${label}活动设置`);
    }
    expect(routeTitle('/application_manage/sctivitysettings/League_of_Heroes')).toBe('英雄联盟活动设置');
    expect(routeTitle('/application_manage/sctivitysettings/Forever')).toBe('永劫无间活动设置');
    expect(routeTitle('/application_manage/three_kingdoms_kill/ThreeKingdomsKill')).toBe('三国杀活动设置');
    expect(routeTitle('/application_manage/sctivitysettings/other')).toBe('活动设置');
  });
  it('gives plain titles and undefined for unknown paths', () => {
    expect(routeTitle('/goods/class_list')).toBe('商品分类');
    expect(routeTitle('/unknown')).toBeUndefined();
  });
});

describe('breadcrumbFor', () => {
  it('walks from the top-level entry to the page', () => {
    expect(breadcrumbFor('/goods/goods_list')).toEqual([
      { path: '/goods', title: '商品管理' },
      { path: '/goods/goods_list', title: '商品列表' },
    ]);
    expect(breadcrumbFor('/stock/warehousing_list', '?stockType=goods_loss')).toEqual([
      { path: '/stock', title: '库存管理' },
      { path: '/stock/warehousing_list', title: '报损单' },
    ]);
    expect(breadcrumbFor('/home')).toEqual([{ path: '/home', title: '首页' }]);
    expect(breadcrumbFor('/nope')).toEqual([]);
  });
});

describe('menuFor and canAccess', () => {
  const allTitles = (nodes: RouteNode[]): string[] =>
    nodes.flatMap((n) => [n.title, ...allTitles(n.children ?? [])]);
  const allNodes = (nodes: RouteNode[]): RouteNode[] =>
    nodes.flatMap((n) => [n, ...allNodes(n.children ?? [])]);

  it('agent sees 网吧管理 but not 商品管理', () => {
    const menu = titles(menuFor(DEFAULT_GRANTS[1]));
    expect(menu).toContain('网吧管理');
    expect(menu).not.toContain('商品管理');
    expect(menu).not.toContain('系统管理');
  });
  it('netbar sees 商品管理 but not 网吧管理', () => {
    const menu = titles(menuFor(DEFAULT_GRANTS[3]));
    expect(menu).toContain('商品管理');
    expect(menu).toContain('应用管理');
    expect(menu).not.toContain('网吧管理');
  });
  it('agent staff sees security but not account info', () => {
    const user = menuFor(DEFAULT_GRANTS[2]).find((n) => n.path === '/user');
    expect(titles(user?.children ?? [])).toEqual(['账号安全', '操作日志']);
    expect(titles(menuFor(DEFAULT_GRANTS[2]))).not.toContain('网吧管理');
  });
  it('netbar staff sees only home and notices by default', () => {
    expect(titles(menuFor(DEFAULT_GRANTS[5]))).toEqual(['首页', '消息中心']);
    expect(titles(menuFor([...DEFAULT_GRANTS[5], 64]))).toContain('商品管理');
  });
  it('payment company sees payment settings only in 应用管理', () => {
    const app = menuFor(DEFAULT_GRANTS[6]).find((n) => n.path === '/application_manage');
    expect(titles(app?.children ?? [])).toEqual(['支付设置']);
  });
  it('admin sees 系统管理 and the netbar list, not the netbar or agent books', () => {
    expect(titles(menuFor(DEFAULT_GRANTS[4]))).toEqual([
      '首页',
      '网吧管理',
      '个人中心',
      '消息中心',
      '系统管理',
    ]);
  });
  it('never shows hidden, public or account routes', () => {
    for (const t of [1, 2, 3, 4, 5, 6] as const) {
      for (const n of allNodes(menuFor(DEFAULT_GRANTS[t]))) {
        expect(n.hidden, n.path).toBeFalsy();
        expect(n.access).not.toBe('public');
      }
      const names = allTitles(menuFor(DEFAULT_GRANTS[t]));
      for (const hidden of ['出入库单', '盘点单', '延期配置', '修改资料', '登录', '页面不存在', '首页2']) {
        expect(names).not.toContain(hidden);
      }
    }
  });
  it('a parent is open when any child is granted', () => {
    const goods = byPath.get('/goods');
    expect(goods && canAccess(goods, [64])).toBe(true);
    expect(goods && canAccess(goods, [4])).toBe(false);
    const login = byPath.get('/account/login');
    expect(login && canAccess(login, [])).toBe(true);
    expect(ROUTES.length).toBeGreaterThan(10);
  });
});
