import type { Pager } from '@netbar/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Input } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { renderAt } from '../test/render';
import { type PageParams, PageTable } from './page-table';

interface Row {
  id: number;
  name: string;
}

const columns = [{ title: '名称', dataIndex: 'name' }];

function pager(list: Row[], count = list.length): Pager<Row> {
  return { list, page: 1, page_size: 10, count };
}

describe('PageTable', () => {
  it('shows 暂无数据 for an empty list and offers 10/20/30/50 per page', async () => {
    const fetcher = vi.fn(async () => pager([], 0));
    renderAt(
      '/x',
      '/x',
      <PageTable<Row> queryKey={['t1']} fetcher={fetcher} columns={columns} rowKey="id" />,
    );
    expect(await screen.findAllByText('暂无数据')).not.toHaveLength(0);
    expect(fetcher).toHaveBeenCalledWith({ page: 1, page_size: 10 });
  });

  it('pages through the fetcher and changes the page size', async () => {
    const rows = Array.from({ length: 10 }, (_, i) => ({ id: i + 1, name: `行${i + 1}` }));
    const fetcher = vi.fn(async (p: PageParams<Record<string, unknown>>) => ({
      ...pager(rows, 45),
      page: p.page,
    }));
    renderAt(
      '/x',
      '/x',
      <PageTable<Row> queryKey={['t2']} fetcher={fetcher} columns={columns} rowKey="id" />,
    );
    expect(await screen.findByText('共 45 条')).toBeInTheDocument();
    await userEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(fetcher).toHaveBeenLastCalledWith({ page: 2, page_size: 10 }));
    await userEvent.click(screen.getByText('10 条/页'));
    for (const size of ['20 条/页', '30 条/页', '50 条/页'])
      expect(await screen.findByTitle(size)).toBeInTheDocument();
    await userEvent.click(screen.getByTitle('50 条/页'));
    await waitFor(() => expect(fetcher).toHaveBeenLastCalledWith({ page: 1, page_size: 50 }));
  });

  it('shows 加载数据失败 with 重试 on error, and retries', async () => {
    let fail = true;
    const fetcher = vi.fn(async () => {
      if (fail) throw new Error('boom');
      return pager([{ id: 1, name: '恢复了' }]);
    });
    renderAt(
      '/x',
      '/x',
      <PageTable<Row> queryKey={['t3']} fetcher={fetcher} columns={columns} rowKey="id" />,
    );
    expect(await screen.findByText('加载数据失败')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('恢复了')).toBeInTheDocument();
  });

  it('passes the filters to the fetcher and to the export function', async () => {
    const fetcher = vi.fn(async () => pager([]));
    const onExport = vi.fn(async () => {});
    renderAt(
      '/x',
      '/x',
      <PageTable<Row, { keyword?: string }>
        queryKey={['t4']}
        fetcher={fetcher}
        columns={columns}
        rowKey="id"
        onExport={onExport}
        filterFields={
          <Form.Item name="keyword" label="关键字">
            <Input placeholder="请输入关键字" />
          </Form.Item>
        }
      />,
    );
    await userEvent.type(screen.getByPlaceholderText('请输入关键字'), '可乐');
    await userEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(fetcher).toHaveBeenLastCalledWith({ keyword: '可乐', page: 1, page_size: 10 }),
    );
    await userEvent.click(screen.getByRole('button', { name: /导\s*出/ }));
    expect(onExport).toHaveBeenCalledWith({ keyword: '可乐' });
  });

  it('pages by next/previous with the cursor the server answered when the count is estimated', async () => {
    const fetcher = vi.fn(async (p: PageParams<Record<string, unknown>>) => ({
      ...pager([{ id: p.page, name: `第${p.page}页的行` }], 50_000),
      page: p.page,
      next: `c${p.page}`,
      estimated: true,
    }));
    renderAt(
      '/x',
      '/x',
      <PageTable<Row> queryKey={['t5']} fetcher={fetcher} columns={columns} rowKey="id" />,
    );
    expect(await screen.findByText('约 50000 条，第 1 页')).toBeInTheDocument();
    // the page-size select is named for screen readers (axe: critical label on 交易查询)
    expect(screen.getByRole('combobox', { name: '每页条数' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /下一页/ }));
    await waitFor(() => expect(fetcher).toHaveBeenLastCalledWith({ page: 2, page_size: 10, after: 'c1' }));
    expect(await screen.findByText('第2页的行')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /下一页/ }));
    await waitFor(() => expect(fetcher).toHaveBeenLastCalledWith({ page: 3, page_size: 10, after: 'c2' }));
    await userEvent.click(screen.getByRole('button', { name: /上一页/ }));
    expect(await screen.findByText('第2页的行')).toBeInTheDocument();
  });
});
