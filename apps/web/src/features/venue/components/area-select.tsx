import { Select, type SelectProps } from 'antd';
import { useAreas } from '../api/venue-queries';

/** The store's areas as a select (value: area id). */
export function AreaSelect(props: SelectProps<number>) {
  const areas = useAreas();
  return (
    <Select<number>
      placeholder="请选择区域"
      loading={areas.isLoading}
      options={(areas.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
      {...props}
    />
  );
}
