import type { AxiosAdapter, AxiosResponse } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { downloadFile } from './download';
import { configureHttp, httpInstance, resetHttp } from './http';

const notifyError = vi.fn<(msg: string) => void>();
let reply: { status: number; data: unknown; headers: Record<string, string> };
const adapter: AxiosAdapter = async (config) => {
  const res: AxiosResponse = { ...reply, statusText: '', config };
  seen.push(config);
  return res;
};
let seen: Parameters<AxiosAdapter>[0][] = [];

beforeEach(() => {
  seen = [];
  resetHttp();
  configureHttp({ notifyError, getToken: () => undefined });
  notifyError.mockReset();
  httpInstance.defaults.adapter = adapter;
  URL.createObjectURL = vi.fn(() => 'blob:x');
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => vi.restoreAllMocks());

describe('downloadFile', () => {
  it('GETs with credentials and saves the blob under the server file name', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    reply = {
      status: 200,
      data: new Blob(['xlsx']),
      headers: {
        'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent('商品列表.xlsx')}`,
      },
    };
    const created: HTMLAnchorElement[] = [];
    const realCreate = document.createElement.bind(document);
    vi.spyOn(document, 'createElement').mockImplementation((tag: string) => {
      const el = realCreate(tag);
      if (el instanceof HTMLAnchorElement) created.push(el);
      return el;
    });
    await downloadFile('goods_export', { keyword: '可乐' }, '导出.xlsx');
    expect(seen[0].url).toBe('/api/v1/goods_export');
    expect(seen[0].withCredentials).toBe(true);
    expect(seen[0].params).toMatchObject({ keyword: '可乐' });
    expect(click).toHaveBeenCalledTimes(1);
    expect(created[0].download).toBe('商品列表.xlsx');
  });

  it('shows the server msg when the answer is an envelope', async () => {
    reply = {
      status: 403,
      data: new Blob([JSON.stringify({ status: 40003, msg: '没有权限执行此操作', data: null })], {
        type: 'application/json',
      }),
      headers: { 'content-type': 'application/json' },
    };
    await expect(downloadFile('goods_export', {}, 'x.xlsx')).rejects.toMatchObject({ status: 40003 });
    expect(notifyError).toHaveBeenCalledWith('没有权限执行此操作');
  });
});
