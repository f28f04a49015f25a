import { FILTER_PAGE_SIZE } from '@netbar/contract';
import { Select, type SelectProps } from 'antd';
import { useRef, useState } from 'react';

export interface FilterOption {
  value: string | number;
  label: string;
}

/** Loads the options; receives page 1 and page_size 1000 (spec section 9). */
export type FilterLoader = (params: { page: number; page_size: number }) => Promise<FilterOption[]>;

export interface FilterSelectProps
  extends Omit<SelectProps<string | number>, 'options' | 'onFocus' | 'loading' | 'showSearch'> {
  loader: FilterLoader;
}

/**
 * The table-header filter dropdown of spec section 2: searchable and clearable; the value/label options
 * load on first focus.
 */
export function FilterSelect({ loader, placeholder = '请选择', ...rest }: FilterSelectProps) {
  const [options, setOptions] = useState<FilterOption[] | null>(null);
  const [loading, setLoading] = useState(false);
  /** 'idle' until the first focus; a failed load goes back to 'idle' so a later focus tries again. */
  const state = useRef<'idle' | 'loading' | 'done'>('idle');

  const load = async () => {
    if (state.current !== 'idle') return;
    state.current = 'loading';
    setLoading(true);
    try {
      setOptions(await loader({ page: 1, page_size: FILTER_PAGE_SIZE }));
      state.current = 'done';
    } catch {
      // the request client has shown the reason
      state.current = 'idle';
    } finally {
      setLoading(false);
    }
  };

  return (
    <Select<string | number>
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={placeholder}
      // the placeholder is no name for a screen reader: the field is named after it unless told
      aria-label={typeof placeholder === 'string' ? placeholder : undefined}
      style={{ minWidth: 160 }}
      {...rest}
      loading={loading}
      options={options ?? []}
      onFocus={load}
      onOpenChange={(open) => {
        if (open) void load();
      }}
    />
  );
}
