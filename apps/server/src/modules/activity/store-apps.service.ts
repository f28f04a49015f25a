import {
  ENGINE_KIND_APP,
  ENGINE_KINDS,
  STORE_APP_BY_KEY,
  STORE_APPS,
  type StoreAppRow,
} from '@netbar/contract';
import type { Db } from '../../db/client.ts';
import { NotFoundError } from '../../lib/errors.ts';
import type { TenantScope } from '../../tenant/index.ts';
import { appFacts, pauseKinds, resumeKinds, setApp } from './store-apps.repo.ts';

/** The application centre's cards (decision 174): every app, on or off, with its edition's price. */
export async function storeApps(db: Db, s: TenantScope): Promise<StoreAppRow[]> {
  const f = await appFacts(db, s.netbarId);
  return STORE_APPS.map((a) => {
    const ed = a.edition ? f.editions.find((e) => e.name === a.edition) : undefined;
    return {
      key: a.key,
      title: a.title,
      desc: a.desc,
      path:
        a.key === 'cloud_billing'
          ? '/application_manage/handover/cloud_billing'
          : `/application_manage/${a.key}`,
      enabled: f.switches.get(a.key) ?? a.defaultOn,
      edition: ed ? ed.name : '',
      price_fen: ed ? Number(ed.price_fen) : 0,
      activities: f.perApp.get(a.key) ?? 0,
    };
  });
}

const kindsOf = (app: string) => ENGINE_KINDS.filter((k) => ENGINE_KIND_APP[k] === app);

/** 开通/停用: the switch, and the app's activities paused (停用) or resumed when paused by it (开通). */
export async function switchApp(db: Db, s: TenantScope, userId: number, key: string, enabled: boolean) {
  const def = STORE_APP_BY_KEY.get(key);
  if (!def) throw new NotFoundError('应用不存在');
  const f = await appFacts(db, s.netbarId);
  const ed = def.edition ? f.editions.find((e) => e.name === def.edition) : undefined;
  await db.transaction(async (tx) => {
    await setApp(tx, s.netbarId, key, enabled, enabled ? ed : undefined, userId);
    if (enabled) await resumeKinds(tx, s.netbarId, kindsOf(key));
    else await pauseKinds(tx, s.netbarId, kindsOf(key));
  });
  return (await storeApps(db, s)).find((a) => a.key === key)!;
}
