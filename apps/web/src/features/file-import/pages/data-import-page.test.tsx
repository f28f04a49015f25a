import type { FileImportJob } from '@netbar/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { dialogHarness, ends, ok, page } from '../../../test/dialog-kit';
import { mockServer, renderAt } from '../../../test/render';
import DataImportPage from './data-import-page';

dialogHarness();

const tally = { rows: 9, create: 3, update: 0, skip: 6, principal_fen: 10850, bonus_fen: 2125, points: 15 };
const JOB: FileImportJob = {
  id: 7,
  kind: 'member',
  preset: 'generic',
  filename: '会员.csv',
  size: 300,
  status: 'checked',
  headers: ['卡号', '姓名', '手机号', '本金', '奖励'],
  mapping: { card_no: '卡号', name: '姓名', mobile: '手机号', principal: '本金', bonus: '奖励' },
  check: tally,
  problems: [{ row: 5, outcome: 'skip', reason: '手机号格式不正确：12345' }],
  done: { rows: 0, create: 0, update: 0, skip: 0, principal_fen: 0, bonus_fen: 0, points: 0 },
  batches_done: 0,
  error: '',
  user_name: '星际老板',
  created_at: '2026-11-29 12:00:00',
  finished_at: '',
};

function server(job: FileImportJob) {
  return mockServer((c) => {
    if (ends(c, 'file_import_list')) return page([job]);
    if ((c.url ?? '').includes('file_import_detail')) return ok(job);
    if ((c.url ?? '').includes('file_import_upload'))
      return ok({ ...job, status: 'uploaded', check: null, problems: [] });
    if (ends(c, 'file_import_check')) return ok({ ...job, status: 'checking' });
    if (ends(c, 'file_import_commit')) return ok({ ...job, status: 'running' });
    return ok(null);
  });
}

describe('数据导入', { timeout: 60_000 }, () => {
  it('opens a checked import from the history: totals in yuan, the reasons, and 确认导入 sends its id', async () => {
    const seen = server(JOB);
    renderAt('/basicsSettings/data_import', '/basicsSettings/data_import', <DataImportPage />);
    const row = (await screen.findByText('会员.csv')).closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: '查看' }));
    expect(await screen.findByText('108.50 元')).toBeInTheDocument();
    expect(screen.getByText('21.25 元')).toBeInTheDocument();
    expect(screen.getByText('手机号格式不正确：12345')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '确认导入' }));
    const commit = seen.find((c) => ends(c, 'file_import_commit'));
    expect(String(commit?.data)).toBe('id=7');
  });

  it('uploads the file with the chosen content and product, shows the mapping and starts the dry run', async () => {
    const seen = server({ ...JOB, status: 'uploaded', check: null, problems: [] });
    const { container } = renderAt(
      '/basicsSettings/data_import',
      '/basicsSettings/data_import',
      <DataImportPage />,
    );
    await screen.findByText('会员.csv');
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, new File(['卡号,姓名\nA001,张三\n'], '会员.csv', { type: 'text/csv' }));
    const up = seen.find((c) => (c.url ?? '').includes('file_import_upload'));
    expect(up?.url).toContain('kind=member&preset=generic');
    expect(await screen.findByLabelText('卡号对应的列')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '开始校验（试导入）' }));
    const check = seen.find((c) => ends(c, 'file_import_check'));
    const body = new URLSearchParams(String(check?.data));
    expect(body.get('id')).toBe('7');
    expect(JSON.parse(body.get('mapping') ?? '{}')).toMatchObject({ card_no: '卡号', name: '姓名' });
  });
});
