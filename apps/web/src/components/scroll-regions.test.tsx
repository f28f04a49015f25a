import { render, screen, waitFor } from '@testing-library/react';
import { Card, Table } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { installScrollRegions } from './scroll-regions';

let stop: (() => void) | undefined;
afterEach(() => stop?.());

const columns = [
  { title: '名称', dataIndex: 'name', width: 400 },
  { title: '数量', dataIndex: 'qty', width: 400 },
];

describe('scroll regions', () => {
  it('makes a sideways-scrolled table a named region the keyboard reaches', async () => {
    stop = installScrollRegions();
    render(
      <Card title="库存报表">
        <Table
          rowKey="name"
          columns={columns}
          dataSource={[{ name: '可乐', qty: 3 }]}
          scroll={{ x: 'max-content' }}
        />
      </Card>,
    );
    const region = await waitFor(() =>
      screen.getByRole('region', { name: '库存报表表格（可用方向键滚动）' }),
    );
    expect(region.tabIndex).toBe(0);
  });
  it('leaves a table without scrolling alone', async () => {
    stop = installScrollRegions();
    const { container } = render(
      <Table rowKey="name" columns={columns} dataSource={[{ name: '可乐', qty: 3 }]} />,
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(container.querySelector('[role=region]')).toBeNull();
  });
});
