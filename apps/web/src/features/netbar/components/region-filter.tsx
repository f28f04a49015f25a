import { useQueryClient } from '@tanstack/react-query';
import { Cascader } from 'antd';
import { useState } from 'react';
import { areaQuery } from '../../../components/area-fields';

interface Option {
  value: string;
  label: string;
  id: string;
  isLeaf?: boolean;
  children?: Option[];
}

/**
 * 省份/城市/区县 of the netbar list filter: the same region table as registration (get_area), one path,
 * any depth (a province alone filters by province). The value is the names, as netbars store them.
 */
export function RegionFilter({ value, onChange }: { value?: string[]; onChange?: (v: string[]) => void }) {
  const qc = useQueryClient();
  const [options, setOptions] = useState<Option[] | null>(null);
  // regions come through the query cache (shared with the register form's selects); a refused load was
  // shown by the request client and leaves the list as it was
  const ensure = () => {
    if (options) return;
    void qc.fetchQuery(areaQuery('0')).then(
      (list) => setOptions(list.map((p) => ({ value: p.name, label: p.name, id: p.id, isLeaf: false }))),
      () => undefined,
    );
  };
  const load = (path: Option[]) => {
    const target = path[path.length - 1];
    if (!target) return;
    void qc.fetchQuery(areaQuery(target.id)).then(
      (list) => {
        target.children = list.map((x) => ({
          value: x.name,
          label: x.name,
          id: x.id,
          isLeaf: path.length >= 2,
        }));
        setOptions((o) => (o ? [...o] : o));
      },
      () => undefined,
    );
  };
  return (
    <Cascader<Option>
      changeOnSelect
      allowClear
      placeholder="省份/城市/区县"
      aria-label="所在地区"
      options={options ?? []}
      loadData={load}
      onOpenChange={(open) => {
        if (open) ensure();
      }}
      value={value}
      onChange={(v) => onChange?.((v as string[] | undefined) ?? [])}
      style={{ width: 200 }}
    />
  );
}

/** The filter's path as the list's query fields. */
export function regionQuery(region: unknown): Record<string, string> {
  const [province, city, district] = Array.isArray(region) ? (region as string[]) : [];
  return Object.fromEntries(
    Object.entries({ province, city, district }).filter(([, v]) => typeof v === 'string' && v !== ''),
  ) as Record<string, string>;
}
