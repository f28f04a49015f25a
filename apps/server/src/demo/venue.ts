import type { LayoutCell, MachineState } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../db/client.ts';
import { saveLayout } from '../modules/venue/layout.service.ts';
import { bulkAddMachines, saveArea } from '../modules/venue/machine.service.ts';
import { seatLink } from '../modules/venue/reservation.service.ts';
import { systemStoreScope, type TenantScope } from '../tenant/index.ts';

/**
 * Demo venue (issue 12 item 9): 星际网咖旗舰店 gets 大厅 / 电竞区 / 包间 with 60 machines on a drawn
 * seat map; 极速网吧 a smaller hall and rooms; the chain's 二店 and 三店 (issue 15: their own 90 days of
 * trading) 28 and 24 machines. Fixed layout, addresses and states; idempotent (a store that already has
 * areas is left alone).
 */

type Cell = Omit<LayoutCell, 'machine_id'> & { seat?: number };
interface AreaPlan {
  name: string;
  colour: string;
  prefix: string;
  count: number;
  subnet: number;
  hardware: string;
  cols: number;
  rows: number;
  draw: () => Cell[];
}

const at = (x: number, y: number, kind: LayoutCell['kind'], seat?: number): Cell => ({ x, y, kind, seat });
const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);

/** 大厅: counter by the entrance, four rows of nine seats with an aisle between the blocks. */
function hall(perRow: number, rowsY: number[], cols: number, rowsN: number): () => Cell[] {
  return () => {
    const cells: Cell[] = [at(0, 0, 'counter'), at(1, 0, 'counter'), at(cols - 1, rowsN - 1, 'door')];
    let seat = 0;
    for (const y of rowsY) for (const x of range(2, 1 + perRow)) cells.push(at(x, y, 'machine', seat++));
    const aisleY = rowsY.length > 2 ? [1, 4, rowsN - 1] : [1, rowsN - 1];
    for (const y of aisleY) for (const x of range(2, 1 + perRow)) cells.push(at(x, y, 'aisle'));
    for (const y of range(1, rowsN - 1)) cells.push(at(0, y, 'wall'));
    return cells;
  };
}

/** 电竞区: two facing rows of eight behind a wall, an aisle and the door. */
const esports = (): Cell[] => [
  ...range(0, 9).map((x) => at(x, 0, 'wall')),
  ...range(1, 8).map((x, i) => at(x, 1, 'machine', i)),
  ...range(1, 8).map((x, i) => at(x, 2, 'machine', 8 + i)),
  ...range(1, 8).map((x) => at(x, 3, 'aisle')),
  at(9, 5, 'door'),
];

/** 包间: rooms of two seats divided by walls, a corridor and the door. */
const rooms =
  (n: number): (() => Cell[]) =>
  () => {
    const cells: Cell[] = [];
    for (const i of range(0, n - 1)) {
      cells.push(at(3 * i, 1, 'machine', 2 * i), at(3 * i + 1, 1, 'machine', 2 * i + 1));
      if (i < n - 1) for (const y of range(0, 2)) cells.push(at(3 * i + 2, y, 'wall'));
    }
    for (const x of range(0, 3 * n - 2)) cells.push(at(x, 3, 'aisle'));
    cells.push(at(3 * n - 2, 4, 'door'));
    return cells;
  };

const FLAGSHIP: AreaPlan[] = [
  {
    name: '大厅',
    colour: '#1677FF',
    prefix: 'A',
    count: 36,
    subnet: 1,
    hardware: 'i5-12400F / RTX 3060 / 16G / 144Hz',
    cols: 13,
    rows: 9,
    draw: hall(9, [2, 3, 5, 6], 13, 9),
  },
  {
    name: '电竞区',
    colour: '#722ED1',
    prefix: 'B',
    count: 16,
    subnet: 2,
    hardware: 'i7-13700K / RTX 4070 / 32G / 240Hz',
    cols: 10,
    rows: 6,
    draw: esports,
  },
  {
    name: '包间',
    colour: '#FA8C16',
    prefix: 'C',
    count: 8,
    subnet: 3,
    hardware: 'i7-12700 / RTX 4060Ti / 32G / 双人沙发',
    cols: 12,
    rows: 5,
    draw: rooms(4),
  },
];
const SPEED: AreaPlan[] = [
  {
    name: '大厅',
    colour: '#13C2C2',
    prefix: 'A',
    count: 20,
    subnet: 1,
    hardware: 'i5-10400F / GTX 1660S / 16G',
    cols: 13,
    rows: 6,
    draw: hall(10, [2, 3], 13, 6),
  },
  {
    name: '包间',
    colour: '#EB2F96',
    prefix: 'C',
    count: 4,
    subnet: 3,
    hardware: 'i5-12400F / RTX 3060 / 16G',
    cols: 6,
    rows: 5,
    draw: rooms(2),
  },
];

/** 星际网咖二店: a hall of four rows of six and two rooms. */
const SECOND: AreaPlan[] = [
  {
    name: '大厅',
    colour: '#1677FF',
    prefix: 'A',
    count: 24,
    subnet: 1,
    hardware: 'i5-12400F / RTX 3060 / 16G / 144Hz',
    cols: 9,
    rows: 9,
    draw: hall(6, [2, 3, 5, 6], 9, 9),
  },
  {
    name: '包间',
    colour: '#FA8C16',
    prefix: 'C',
    count: 4,
    subnet: 3,
    hardware: 'i7-12700 / RTX 4060Ti / 32G / 双人沙发',
    cols: 6,
    rows: 5,
    draw: rooms(2),
  },
];
/** 星际网咖三店: a hall of two rows of eight and one row of an 电竞区. */
const THIRD: AreaPlan[] = [
  {
    name: '大厅',
    colour: '#1677FF',
    prefix: 'A',
    count: 16,
    subnet: 1,
    hardware: 'i5-12400F / RTX 3060 / 16G / 144Hz',
    cols: 11,
    rows: 6,
    draw: hall(8, [2, 3], 11, 6),
  },
  {
    name: '电竞区',
    colour: '#722ED1',
    prefix: 'B',
    count: 8,
    subnet: 2,
    hardware: 'i7-13700K / RTX 4070 / 32G / 240Hz',
    cols: 10,
    rows: 6,
    draw: esports,
  },
];
const PLANS: Record<string, AreaPlan[]> = {
  星际网咖旗舰店: FLAGSHIP,
  极速网吧: SPEED,
  星际网咖二店: SECOND,
  星际网咖三店: THIRD,
};

/** A few machines out of the ordinary, so the live map shows every colour a store sees. */
const STATES: Record<string, MachineState> = {
  A013: '故障',
  A027: '离线',
  A028: '离线',
  B016: '离线',
  C008: '停用',
};

async function build(db: Db, s: TenantScope, plans: AreaPlan[]) {
  for (const [sort, p] of plans.entries()) {
    const { id: areaId } = await saveArea(db, s, { name: p.name, colour: p.colour, sort });
    await bulkAddMachines(db, s, { area_id: areaId, prefix: p.prefix, start: 1, end: p.count, digits: 3 });
    const ms = await rows<{ id: number; name: string }>(
      db,
      sql`select id, name from machines where netbar_id = ${s.netbarId} and area_id = ${areaId} order by name`,
    );
    for (const [i, m] of ms.entries()) {
      const hex = (n: number) => n.toString(16).padStart(2, '0').toUpperCase();
      await rows(
        db,
        sql`update machines set ip = ${`192.168.${p.subnet}.${101 + i}`},
              mac = ${`00:1A:2B:${hex(s.netbarId % 256)}:${hex(p.subnet)}:${hex(i + 1)}`},
              hardware_note = ${p.hardware}, state = ${STATES[m.name] ?? '空闲'}
            where id = ${m.id}`,
      );
    }
    const cells = p
      .draw()
      .filter((c) => c.seat === undefined || c.seat < ms.length)
      .map(({ seat, ...c }) => (seat === undefined ? c : { ...c, machine_id: ms[seat]!.id }));
    await saveLayout(
      db,
      s,
      { area_id: areaId, base_version: 0, cols: p.cols, rows: p.rows, cells },
      '系统演示',
    );
  }
  await seatLink(db, s);
}

export async function venueDemo(db: Db): Promise<void> {
  const stores = await rows<{ id: number; name: string }>(
    db,
    sql`select id, name from netbars n where name in ('星际网咖旗舰店', '极速网吧', '星际网咖二店', '星际网咖三店')
          and not exists (select 1 from venue_areas a where a.netbar_id = n.id)`,
  );
  for (const st of stores) await build(db, systemStoreScope(st.id), PLANS[st.name]!);
}
