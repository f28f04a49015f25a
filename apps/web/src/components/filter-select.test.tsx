import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderAt } from '../test/render';
import { FilterSelect } from './filter-select';

describe('FilterSelect', () => {
  it('loads its options on first focus only, with page size 1000', async () => {
    const loader = vi.fn(async () => [
      { value: 1, label: '张三' },
      { value: 2, label: '李四' },
    ]);
    renderAt('/x', '/x', <FilterSelect loader={loader} placeholder="请选择员工" />);
    expect(loader).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('combobox'));
    expect(await screen.findByTitle('张三')).toBeInTheDocument();
    expect(loader).toHaveBeenCalledWith({ page: 1, page_size: 1000 });
    await userEvent.type(screen.getByRole('combobox'), '李');
    await waitFor(() => expect(screen.queryByTitle('张三')).toBeNull());
    expect(screen.getByTitle('李四')).toBeInTheDocument();
    await userEvent.click(document.body);
    await userEvent.click(screen.getByRole('combobox'));
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it('is clearable', async () => {
    renderAt(
      '/x',
      '/x',
      <FilterSelect loader={async () => [{ value: 'a', label: '甲' }]} defaultValue="a" />,
    );
    expect(document.querySelector('.ant-select-clear')).not.toBeNull();
  });

  it('is named after its placeholder for a screen reader, unless told', () => {
    renderAt('/x', '/x', <FilterSelect loader={async () => []} placeholder="请选择员工" />);
    expect(screen.getByRole('combobox', { name: '请选择员工' })).toBeInTheDocument();
    renderAt('/y', '/y', <FilterSelect loader={async () => []} placeholder="员工" aria-label="按员工筛选" />);
    expect(screen.getByRole('combobox', { name: '按员工筛选' })).toBeInTheDocument();
  });
});
