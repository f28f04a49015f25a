import type { FileImportJob } from '@netbar/contract';
import type { Client, TestApp } from '../../test/harness.ts';
import { importIdle } from './file-import.service.ts';

/** Test helpers of the file import's tests (this module's own; decision 157). */

export function csv(rows: (string | number)[][]): Buffer {
  return Buffer.from(rows.map((r) => r.join(',')).join('\n'), 'utf8');
}

export const MEMBER_HEADER = ['卡号', '姓名', '手机号', '本金', '奖励', '积分', '会员等级', '开卡日期'];

/** Posts a file to /file_import_upload as the client. */
export async function uploadFile(
  t: TestApp,
  c: Client,
  file: Buffer,
  q: Record<string, string> = { kind: 'member', preset: 'generic' },
  filename = 'members.csv',
) {
  const boundary = '----nb-import';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/file_import_upload?${new URLSearchParams(q)}`,
    headers: {
      cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-requested-with': 'XMLHttpRequest',
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload: body,
  });
  return JSON.parse(res.body) as { status: number; msg: string; data: FileImportJob };
}

export async function detail(c: Client, id: number) {
  const r = await c.get<FileImportJob>('/api/v1/file_import_detail', { id });
  return r.data;
}

/** Dry run with the job's suggested mapping (or `mapping`), waited for. */
export async function check(c: Client, job: FileImportJob, mapping = job.mapping) {
  const r = await c.post<FileImportJob>('/api/v1/file_import_check', {
    id: job.id,
    mapping: JSON.stringify(mapping),
  });
  await importIdle();
  return { r, job: await detail(c, job.id) };
}

export async function commit(c: Client, id: number, resume = false) {
  const r = await c.post<FileImportJob>(`/api/v1/file_import_${resume ? 'resume' : 'commit'}`, { id });
  await importIdle();
  return { r, job: await detail(c, id) };
}
