import { shanghaiDate } from '@netbar/contract';
import type { Db } from '../../db/client.ts';
import type { TenantScope } from '../../tenant/index.ts';
import * as repo from './home.repo.ts';

export interface HomeCard {
  key: string;
  title: string;
  value: number;
  unit?: string;
  hint?: string;
}

export interface HomeDeps {
  db: Db;
}

/** A provider of home-page figures; a module adds its own to `homeCardProviders`. */
export type HomeCardProvider = (deps: HomeDeps, s: TenantScope) => Promise<HomeCard[]>;

function netbarCards(f: Awaited<ReturnType<typeof repo.netbarFigures>>): HomeCard[] {
  return [
    { key: 'netbars', title: '网吧数', value: f.netbars, unit: '家' },
    // netbars.machine_count: the 机器数 a netbar was registered and is billed with, not the machines added
    { key: 'machines', title: '计费机器数', value: f.machines, unit: '台', hint: '开通时登记，续费按此计费' },
    { key: 'expiring', title: '30天内到期', value: f.expiring, unit: '家' },
    { key: 'expired', title: '已到期', value: f.expired, unit: '家' },
  ];
}

const byType: HomeCardProvider = async ({ db }, s) => {
  switch (s.type) {
    case 4: {
      const [agents, figures, users] = await Promise.all([
        repo.countAgents(db),
        repo.netbarFigures(db, undefined),
        repo.countUsers(db),
      ]);
      return [
        { key: 'agents', title: '代理商数', value: agents, unit: '家' },
        ...netbarCards(figures),
        { key: 'users', title: '账号数', value: users, unit: '个' },
      ];
    }
    case 1: {
      if (!s.agentId) return [];
      const cards = netbarCards(await repo.agentNetbarFigures(db, s.agentId));
      const subs = await repo.countSubAgents(db, s.agentId);
      return [...cards, { key: 'sub_agents', title: '下级渠道', value: subs, unit: '家' }];
    }
    case 2:
      // Agent staff see the netbars and regions granted to them, not the agent's totals.
      return s.agentId ? netbarCards(await repo.scopedNetbarFigures(db, s)) : [];
    case 3:
    case 5: {
      const nb = await repo.findNetbarRow(db, s.netbarId);
      if (!nb) return [];
      const days = nb.expireAt ? Math.ceil((nb.expireAt.getTime() - Date.now()) / 86400_000) : 0;
      // the billed 机器数 of this store (netbars.machine_count), beside the machines actually added in 机器管理
      // that the dashboard's 在线机器 / 已添加 counts (decision 158)
      const added = await repo.countStoreMachines(db, nb.id);
      const cards: HomeCard[] = [
        {
          key: 'machines',
          title: '本店计费机器数',
          value: nb.machineCount,
          unit: '台',
          hint: `开通时登记，续费按此计费；机器管理已添加 ${added} 台`,
        },
        {
          key: 'expire_days',
          title: '服务剩余天数',
          value: Math.max(0, days),
          unit: '天',
          hint: nb.expireAt ? `到期日 ${shanghaiDate(nb.expireAt)}` : '未开通',
        },
      ];
      if (s.type === 3 && nb.chainId) {
        const stores = await repo.countChainStores(db, nb.chainId, nb.id);
        cards.push({ key: 'stores', title: '连锁门店数', value: stores, unit: '家' });
      }
      return cards;
    }
    case 6: {
      const [nbs, ag] = await Promise.all([repo.countServedNetbars(db), repo.countActiveAgents(db)]);
      return [
        { key: 'active_netbars', title: '服务中网吧', value: nbs, unit: '家' },
        { key: 'agents', title: '合作代理商', value: ag, unit: '家' },
      ];
    }
    default:
      return [];
  }
};

export const homeCardProviders: HomeCardProvider[] = [byType];
