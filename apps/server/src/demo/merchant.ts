import { MERCHANT_DOC_KINDS, maskNumber } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../db/client.ts';
import { merchantDocs, merchantStores, merchants } from '../db/schema/index.ts';
import { persistedSecret } from '../lib/server-secret.ts';
import { demoMerchantKeys, merchantNumber } from '../modules/merchant/index.ts';

/**
 * Merchants in each state (decision 163): 星际网咖旗舰店 已开通 (its store bound), 二店 审核中 with its
 * documents in demo_pay's 进件审核, 三店 待签约, one of 张老板's 驳回 with the reason, and 极速网吧
 * (demo_netbar2) a 草稿 at step 2. The documents are placeholders drawn when first read. Idempotent.
 */
const DAY = 86_400_000;

export async function merchantDemo(db: Db): Promise<void> {
  const users = await rows<{ id: number; user_name: string }>(
    db,
    sql`select id, user_name from users where user_name in ('demo_netbar', 'demo_netbar2', 'demo_pay')`,
  );
  const stores = await rows<{ id: number; name: string }>(
    db,
    sql`select id, name from netbars where name in ('星际网咖旗舰店', '星际网咖二店', '星际网咖三店', '极速网吧')`,
  );
  const user = (n: string) => users.find((u) => u.user_name === n)?.id;
  const store = (n: string) => stores.find((s) => s.name === n)?.id;
  const owner = user('demo_netbar');
  const owner2 = user('demo_netbar2');
  const pay = user('demo_pay');
  const [head, second, third, nb2] = ['星际网咖旗舰店', '星际网咖二店', '星际网咖三店', '极速网吧'].map(
    store,
  );
  if (!owner || !owner2 || !pay || !head || !second || !third || !nb2) return;
  if ((await rows(db, sql`select 1 from merchants where owner_user_id = ${owner} limit 1`)).length) return;

  const keys = demoMerchantKeys(
    process.env.MERCHANT_FIELD_KEY ?? (await persistedSecret(db, 'merchant_field')),
  );
  const now = Date.now();
  const person = {
    legalPerson: '张伟',
    idNoEnc: keys.encrypt('310104198001010017'),
    idNoMask: maskNumber('310104198001010017'),
    mobile: '13800000003',
    bankCode: '308',
    bankName: '招商银行',
    bankBranch: '招商银行上海徐家汇支行',
    cardNoEnc: keys.encrypt('6225880137591237'),
    cardNoMask: maskNumber('6225880137591237'),
    cardHolder: '张伟',
    province: '上海市',
    city: '上海市',
    contactName: '张老板',
    contactMobile: '13800000003',
  };
  type Row = typeof merchants.$inferInsert;
  const plan: (Row & { docs: boolean })[] = [
    {
      ...person,
      ownerUserId: owner,
      netbarId: head,
      status: 4,
      legalName: '上海星际网络科技有限公司',
      shortName: '星际网咖',
      merchantType: 2,
      licenceNo: '91310104MA1FR0XG3T',
      district: '徐汇区',
      address: '漕溪北路100号',
      submittedAt: new Date(now - 40 * DAY),
      reviewedAt: new Date(now - 39 * DAY),
      reviewedBy: pay,
      openedAt: new Date(now - 37 * DAY),
      docs: true,
    },
    {
      ...person,
      ownerUserId: owner,
      netbarId: second,
      status: 1,
      legalName: '上海闵行区星际二店网络服务部',
      shortName: '星际网咖二店',
      merchantType: 1,
      licenceNo: '92310112MA1H5Q8L0M',
      district: '闵行区',
      address: '七莘路88号',
      submittedAt: new Date(now - 2 * DAY),
      docs: true,
    },
    {
      ...person,
      ownerUserId: owner,
      netbarId: third,
      status: 3,
      legalName: '上海静安区星际三店网络服务部',
      shortName: '星际网咖三店',
      merchantType: 1,
      licenceNo: '92310106MA1K2W3D7W',
      district: '静安区',
      address: '南京西路500号',
      submittedAt: new Date(now - 6 * DAY),
      reviewedAt: new Date(now - 5 * DAY),
      reviewedBy: pay,
      docs: true,
    },
    {
      ...person,
      ownerUserId: owner,
      netbarId: head,
      status: 2,
      legalName: '上海星际电竞文化有限公司',
      shortName: '星际电竞',
      merchantType: 2,
      licenceNo: '91310104MA1G7H2K5W',
      district: '徐汇区',
      address: '漕溪北路102号',
      rejectReason: '门头照与营业执照地址不一致，请重新拍摄门头照',
      submittedAt: new Date(now - 4 * DAY),
      reviewedAt: new Date(now - 3 * DAY),
      reviewedBy: pay,
      docs: true,
    },
    {
      ownerUserId: owner2,
      netbarId: nb2,
      status: 0,
      step: 2,
      legalName: '极速网络工作室',
      shortName: '极速网吧',
      merchantType: 1,
      legalPerson: '刘强',
      mobile: '13900000003',
      docs: false,
    },
  ];
  await db.transaction(async (tx) => {
    for (const [i, { docs, ...m }] of plan.entries()) {
      // an approved merchant's number holds its id: a placeholder first (the table requires one)
      const placeholder = m.status === 3 || m.status === 4 ? `demo-${i}` : null;
      const [r] = await tx
        .insert(merchants)
        .values({ ...m, merchantNo: placeholder })
        .returning({ id: merchants.id });
      const id = r!.id;
      if (m.status === 3 || m.status === 4) {
        const no = merchantNumber(id, m.reviewedAt!);
        await tx.update(merchants).set({ merchantNo: no }).where(sql`id = ${id}`);
        if (m.status === 4)
          await tx
            .insert(merchantStores)
            .values({ merchantId: id, storeNo: `${no}01`, storeName: m.shortName!, netbarId: m.netbarId });
      }
      if (docs)
        await tx.insert(merchantDocs).values(
          MERCHANT_DOC_KINDS.map((kind) => ({
            ownerUserId: m.ownerUserId,
            merchantId: id,
            kind,
            fileName: `demo-${id}-${kind}.jpg`,
            bytes: 0,
            width: 800,
            height: 600,
          })),
        );
    }
  });
}
