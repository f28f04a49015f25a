import { Segmented, Select } from 'antd';
import { useTargetOptions } from '../api/order-queries';
import type { Target } from './use-checkout';

type Kind = 'counter' | 'seat' | 'table';
const kindOf = (t: Target): Kind =>
  t.desk_id !== undefined ? 'table' : t.machine_id !== undefined ? 'seat' : 'counter';

/**
 * Where the order goes: handed over at the counter, delivered to a seat (machine number) or to a
 * room/table (recorded on the table's bill). The select searches by machine or table name.
 */
export function TargetPicker({ value, onChange }: { value: Target; onChange: (t: Target) => void }) {
  const kind = kindOf(value);
  const setKind = (k: Kind) =>
    onChange(k === 'seat' ? { machine_id: 0 } : k === 'table' ? { desk_id: 0 } : {});
  const options = useTargetOptions(kind === 'counter' ? null : kind === 'seat' ? 'seat' : 'table');
  const current = kind === 'seat' ? value.machine_id : value.desk_id;
  return (
    <div style={{ display: 'flex', gap: 8, marginBottom: 10, alignItems: 'center' }}>
      <Segmented<Kind>
        aria-label="送达方式"
        value={kind}
        onChange={setKind}
        options={[
          { label: '柜台自取', value: 'counter' },
          { label: '送到座位', value: 'seat' },
          { label: '桌台', value: 'table' },
        ]}
      />
      {kind !== 'counter' && (
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          aria-label={kind === 'seat' ? '机器号' : '桌台'}
          placeholder={kind === 'seat' ? '选择机器号' : '选择包间/桌台'}
          style={{ flex: 1, minWidth: 120 }}
          loading={options.isPending}
          value={current || undefined}
          notFoundContent={kind === 'seat' ? '没有机器' : '没有可用的桌台'}
          options={(options.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
          onChange={(id: number) => {
            const label = options.data?.find((o) => o.id === id)?.name;
            onChange(kind === 'seat' ? { machine_id: id, label } : { desk_id: id, label });
          }}
        />
      )}
    </div>
  );
}
