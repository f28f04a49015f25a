import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { renderAt } from '../test/render';
import { AddButton, ChoiceFilter, KeywordFilter } from './list-filters';

describe('list filters', () => {
  it('the keyword box and a choice fill `keyword` and their own name, labelled for a screen reader', async () => {
    const onFinish = vi.fn();
    renderAt(
      '/x',
      '/x',
      <Form onFinish={onFinish}>
        <KeywordFilter label="姓名/账号" width={180} />
        <ChoiceFilter
          name="status"
          label="状态"
          options={[
            { value: 1, label: '正常' },
            { value: 0, label: '停用' },
          ]}
        />
        <button type="submit">查询</button>
      </Form>,
    );
    const box = screen.getByRole('textbox', { name: '姓名/账号' });
    expect(box).toHaveAttribute('placeholder', '姓名/账号');
    await userEvent.type(box, '王');
    await userEvent.click(screen.getByRole('combobox', { name: '状态' }));
    await userEvent.click(await screen.findByTitle('停用'));
    await userEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ keyword: '王', status: 0 }));
  });

  it('the add button opens its dialog', async () => {
    const onClick = vi.fn();
    renderAt('/x', '/x', <AddButton onClick={onClick}>新增员工</AddButton>);
    await userEvent.click(screen.getByRole('button', { name: /新增员工/ }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});
