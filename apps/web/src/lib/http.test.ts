import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureHttp, HttpError, http, httpInstance, LOAD_FAILED_MSG, resetHttp } from './http';

interface Reply {
  status?: number;
  body: unknown;
}

let seen: InternalAxiosRequestConfig[] = [];
let reply: Reply | Error = { body: { status: 200, msg: 'ok', data: null } };
const navigate = vi.fn<(to: string) => void>();
const notifyError = vi.fn<(msg: string) => void>();
const onUnauthorized = vi.fn<() => void>();

const adapter: AxiosAdapter = async (config) => {
  seen.push(config);
  if (reply instanceof Error) throw reply;
  const res: AxiosResponse = {
    data: reply.body,
    status: reply.status ?? 200,
    statusText: '',
    headers: {},
    config,
  };
  return res;
};

function last(): InternalAxiosRequestConfig {
  return seen[seen.length - 1];
}

function header(name: string): unknown {
  return last().headers.get(name);
}

beforeEach(() => {
  seen = [];
  reply = { body: { status: 200, msg: 'ok', data: { a: 1 } } };
  httpInstance.defaults.adapter = adapter;
  navigate.mockReset();
  notifyError.mockReset();
  onUnauthorized.mockReset();
  resetHttp();
  configureHttp({
    navigate,
    notifyError,
    onUnauthorized,
    currentPath: () => '/goods/goods_list?page=2',
    getToken: () => 'tok-123',
    getTicket: () => 'tk-9',
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('transport rules', () => {
  it('sends a plain path to the passport base with credentials', async () => {
    await http.get('user_info');
    expect(last().url).toBe('/api/v1/user_info');
    expect(last().withCredentials).toBe(true);
    expect(header('Authorization')).toBeUndefined();
  });

  it('sends an aggregate-pay path to the payment base without credentials, with the Bearer token', async () => {
    await http.post('/api/c1/payment_add', { name: 'x' });
    expect(last().url).toBe('/api/c1/payment_add');
    expect(last().withCredentials).toBe(false);
    expect(header('Authorization')).toBe('Bearer tok-123');
    await http.get('aggregate/payment_list');
    expect(last().url).toBe('/api/c1/payment_list');
    expect(last().withCredentials).toBe(false);
  });

  it('sends payment POST bodies as JSON', async () => {
    await http.post('/api/c1/payment_add', { name: 'x', sort: 2 });
    expect(String(header('Content-Type'))).toContain('application/json');
    expect(JSON.parse(String(last().data))).toEqual({ name: 'x', sort: 2 });
  });

  it('sends a business-import path to the passport origin without credentials or cache-busting', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(1700000000000);
    await http.get('/businessimport/schedule', { id: 3 });
    expect(last().url).toBe('/businessimport/schedule');
    expect(last().withCredentials).toBe(false);
    expect(last().params).toEqual({ id: 3 });
    expect(header('Authorization')).toBe('Bearer tok-123');
  });

  it('adds t=<Date.now()> to every other GET', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(1700000000123);
    await http.get('notice_list', { page: 1, page_size: 10 });
    expect(last().params).toEqual({ page: 1, page_size: 10, t: 1700000000123 });
  });

  it('does not add t to a POST', async () => {
    await http.post('login', { user_name: 'a' });
    expect(last().params).toBeUndefined();
  });

  it('uses a 120000 ms time-out', async () => {
    await http.get('user_info');
    expect(last().timeout).toBe(120000);
  });

  it('form-encodes POST bodies by default', async () => {
    await http.post('login', { user_name: 'demo', password: 'p w', type: 3, skip: undefined });
    expect(String(header('Content-Type'))).toContain('application/x-www-form-urlencoded');
    expect(String(last().data)).toBe('user_name=demo&password=p+w&type=3');
  });

  it('sends JSON when the call says json', async () => {
    await http.post('chain_netbar_change', { ids: [1, 2] }, { json: true });
    expect(String(header('Content-Type'))).toContain('application/json');
    expect(JSON.parse(String(last().data))).toEqual({ ids: [1, 2] });
  });

  it('sends X-Requested-With on every request', async () => {
    await http.get('user_info');
    expect(header('X-Requested-With')).toBe('XMLHttpRequest');
    await http.post('/api/c1/payment_add', {});
    expect(header('X-Requested-With')).toBe('XMLHttpRequest');
    await http.post('/businessimport/login', {});
    expect(header('X-Requested-With')).toBe('XMLHttpRequest');
  });

  it('adds the ticket header on the client-status and POS-list calls only', async () => {
    for (const path of ['get_client_status', 'get_client_status_list', 'pos_list']) {
      await http.get(path);
      expect(header('ticket')).toBe('tk-9');
    }
    await http.get('netbar_list');
    expect(header('ticket')).toBeUndefined();
  });
});

describe('handling of answers', () => {
  it('resolves with the envelope on status 200', async () => {
    await expect(http.get('user_info')).resolves.toEqual({ status: 200, msg: 'ok', data: { a: 1 } });
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('accepts status 10000 and code 10000, 0 or 1 as success', async () => {
    for (const body of [{ status: 10000 }, { code: 10000 }, { code: 0 }, { code: 1 }]) {
      reply = { body: { ...body, msg: '', data: 5 } };
      await expect(http.get('x')).resolves.toMatchObject({ data: 5 });
    }
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('shows the msg of any other answer and rejects with status and msg', async () => {
    reply = { status: 400, body: { status: 40000, msg: '账号为4-30位字母、数字或下划线', data: null } };
    const error = await http.post('login', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 40000, msg: '账号为4-30位字母、数字或下划线' });
    expect(notifyError).toHaveBeenCalledWith('账号为4-30位字母、数字或下划线');
  });

  it('treats an envelope under any HTTP status alike (403 + 40003)', async () => {
    reply = { status: 403, body: { status: 40003, msg: '没有权限执行此操作', data: null } };
    await expect(http.get('netbar_list')).rejects.toMatchObject({ status: 40003 });
    expect(notifyError).toHaveBeenCalledWith('没有权限执行此操作');
  });

  it('shows nothing when the call passed silent', async () => {
    reply = { status: 404, body: { status: 40004, msg: '网吧不存在', data: null } };
    await expect(http.get('x', undefined, { silent: true })).rejects.toMatchObject({ status: 40004 });
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('on 40005 shows the msg and goes to login with the current path as redirect', async () => {
    reply = { status: 401, body: { status: 40005, msg: '登录已过期，请重新登录', data: null } };
    await expect(http.get('user_info')).rejects.toMatchObject({ status: 40005 });
    expect(notifyError).toHaveBeenCalledWith('登录已过期，请重新登录');
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith(
      `/account/login?redirect=${encodeURIComponent('/goods/goods_list?page=2')}`,
    );
  });

  it('on 40005 of a silent call still redirects but shows nothing', async () => {
    reply = { status: 401, body: { status: 40005, msg: '登录已过期', data: null } };
    await expect(http.get('notice_unread_count', undefined, { silent: true })).rejects.toBeInstanceOf(
      HttpError,
    );
    expect(notifyError).not.toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('on 40005 of parallel calls toasts and navigates once; a silent call first does not hide the toast', async () => {
    reply = { status: 401, body: { status: 40005, msg: '登录已过期，请重新登录', data: null } };
    await Promise.allSettled([
      http.get('notice_unread_count', undefined, { silent: true }),
      http.get('user_info'),
      http.get('notice_list'),
    ]);
    expect(notifyError).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('shows nothing on 40006 and 40007', async () => {
    for (const status of [40006, 40007]) {
      reply = { body: { status, msg: 'quiet', data: null } };
      await expect(http.get('x')).rejects.toMatchObject({ status });
    }
    expect(notifyError).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('on an HTTP failure with an envelope body shows the server msg', async () => {
    reply = { status: 500, body: { status: 50000, msg: '服务器繁忙，请稍后再试', data: null } };
    await expect(http.get('x')).rejects.toMatchObject({ status: 50000, msg: '服务器繁忙，请稍后再试' });
    expect(notifyError).toHaveBeenCalledWith('服务器繁忙，请稍后再试');
  });

  it('on an HTTP failure without an envelope shows 加载数据失败', async () => {
    reply = { status: 502, body: '<html>Bad Gateway</html>' };
    await expect(http.get('x')).rejects.toMatchObject({ status: 502, msg: LOAD_FAILED_MSG });
    expect(notifyError).toHaveBeenCalledWith('加载数据失败');
  });

  it('on a network failure shows 加载数据失败 and rejects', async () => {
    reply = new Error('Network Error');
    await expect(http.get('x')).rejects.toMatchObject({ msg: LOAD_FAILED_MSG });
    expect(notifyError).toHaveBeenCalledWith('加载数据失败');
  });
});
