import { type AreaItem, city, district, province } from '@netbar/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { Cascader, Form, type FormInstance, Select, Space } from 'antd';
import { useState } from 'react';
import { http } from '../lib/http';
import { zodRule } from '../lib/zod-rules';
import { areaKeys } from './area-keys';

/** GET get_area (parentID '0' = provinces): the regions a form may offer. */
export async function fetchArea(parentID: string): Promise<AreaItem[]> {
  return (await http.get<AreaItem[]>('get_area', { parentID })).data;
}

/** The children of one region ('0' = the provinces); regions never change while the console is open. */
export const areaQuery = (parent: string | undefined) =>
  queryOptions({
    queryKey: areaKeys.children(parent),
    queryFn: () => fetchArea(parent ?? '0'),
    staleTime: Number.POSITIVE_INFINITY,
  });
const useArea = (parent: string | undefined) =>
  useQuery({ ...areaQuery(parent), enabled: parent !== undefined });
const idOf = (list: AreaItem[] | undefined, name: unknown) => list?.find((x) => x.name === name)?.id;
const opts = (list: AreaItem[] | undefined) => (list ?? []).map((x) => ({ value: x.name, label: x.name }));

/** Province / city / district selects; the form keeps the names (fields province, city, district). */
export function AreaFields({ form, label = '所在地区' }: { form: FormInstance; label?: string }) {
  const p = Form.useWatch('province', form);
  const c = Form.useWatch('city', form);
  const provinces = useArea('0');
  const cities = useArea(idOf(provinces.data, p));
  const districts = useArea(idOf(cities.data, c));
  return (
    <Form.Item label={label} required style={{ marginBottom: 0 }}>
      <Space.Compact block>
        <Form.Item name="province" rules={[zodRule(province)]} style={{ width: '33%' }}>
          <Select
            showSearch
            placeholder="省份"
            aria-label={`${label}：省份`}
            options={opts(provinces.data)}
            onChange={() => form.setFieldsValue({ city: undefined, district: undefined })}
          />
        </Form.Item>
        <Form.Item name="city" rules={[zodRule(city)]} style={{ width: '33%' }}>
          <Select
            showSearch
            placeholder="城市"
            aria-label={`${label}：城市`}
            options={opts(cities.data)}
            onChange={() => form.setFieldsValue({ district: undefined })}
          />
        </Form.Item>
        <Form.Item name="district" rules={[zodRule(district)]} style={{ width: '34%' }}>
          <Select
            showSearch
            placeholder="区县"
            aria-label={`${label}：区县`}
            options={opts(districts.data)}
          />
        </Form.Item>
      </Space.Compact>
    </Form.Item>
  );
}

interface RegionOption {
  value: string;
  label: string;
  id: string;
  isLeaf?: boolean;
  disableCheckbox?: boolean;
  children?: RegionOption[];
}

/**
 * Multiple regions as 'province/city' or 'province/city/district' (a staff member's grant). Cities and
 * districts load on expand from get_area.
 */
export function RegionCascader({ value, onChange }: { value?: string[]; onChange?: (v: string[]) => void }) {
  const qc = useQueryClient();
  const provinces = useArea('0');
  const [loaded, setLoaded] = useState<RegionOption[] | null>(null);
  const options: RegionOption[] =
    loaded ??
    (provinces.data ?? []).map((p) => ({
      value: p.name,
      label: p.name,
      id: p.id,
      disableCheckbox: true,
    }));
  const load = (path: RegionOption[]) => {
    const target = path[path.length - 1];
    if (!target) return;
    // cached with the selects' regions; a refusal was shown by the request client (the node stays closed)
    void qc.fetchQuery(areaQuery(target.id)).then(
      (list) => {
        target.children = list.map((x) => ({
          value: x.name,
          label: x.name,
          id: x.id,
          isLeaf: path.length >= 2,
        }));
        setLoaded([...options]);
      },
      () => undefined,
    );
  };
  const selected = (value ?? []).map((s) => s.split('/'));
  return (
    <Cascader<RegionOption>
      multiple
      changeOnSelect
      showCheckedStrategy={Cascader.SHOW_PARENT}
      placeholder="选择省/市/区（至少到市）"
      aria-label="管理地区"
      options={options}
      loadData={load}
      value={selected}
      style={{ width: '100%' }}
      onChange={(paths) =>
        onChange?.((paths as string[][]).filter((p) => p.length >= 2).map((p) => p.join('/')))
      }
    />
  );
}
