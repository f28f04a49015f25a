import type { ImportSchedule, LegacyLoginResult } from '@netbar/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dialogHarness, ends, ok, refused } from '../../../test/dialog-kit';
import { mockServer, renderAt } from '../../../test/render';
import { CLOSE_BLOCKED, ImportDialog } from './import-dialog';
import { progressText } from './import-store-step';

const onClose = vi.fn();
const { notifyError, success } = dialogHarness(onClose);
afterEach(() => vi.useRealTimers());

const STORES = [
  { id: 8001, name: '星际网咖（旗舰店）' },
  { id: 8002, name: '星际网咖（大学城店）' },
];
const sched = (over: Partial<ImportSchedule>): ImportSchedule => ({
  total: 100,
  com: 0,
  member: 0,
  right: 0,
  failed: 0,
  end: 0,
  kind: 'member',
  status: 'running',
  msg: '',
  phase: '导入中',
  ...over,
});
type Login = (body: URLSearchParams) => LegacyLoginResult | { refuse: string };

function server(login: Login, schedules: ImportSchedule[] = []) {
  let polled = 0;
  return mockServer((c) => {
    const url = c.url ?? '';
    const body = new URLSearchParams(String(c.data ?? ''));
    if (
      ends(c, 'verify_panda_account') ||
      ends(c, 'verify_old_panda_account') ||
      ends(c, '/businessimport/login')
    ) {
      const r = login(body);
      return 'refuse' in r ? refused(r.refuse, 40000) : ok(r);
    }
    if (url.includes('/businessimport/code')) return ok({ image: 'data:image/svg+xml;base64,Tg==' });
    if (ends(c, '/businessimport/netbars')) return ok(STORES);
    if (url.includes('/businessimport/schedule'))
      return ok(schedules[Math.min(polled++, schedules.length - 1)]);
    if (ends(c, 'import_netbar_user') || ends(c, '/businessimport/saveMember')) return ok({ job_id: 5 });
    return ok(null);
  });
}
const show = () => renderAt('/x', '/x', <ImportDialog open onClose={onClose} />);
const dialog = () => screen.getByRole('dialog');
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
async function chooseProduct(label: string) {
  fireEvent.mouseDown(within(dialog()).getAllByRole('combobox')[0]!);
  fireEvent.click(await screen.findByTitle(label));
}
const loginBtn = () => screen.getByRole('button', { name: '登 录' });
const sent = (seen: InternalAxiosRequestConfig[], path: string) =>
  seen.filter((c) => ends(c, path)).map((c) => new URLSearchParams(String(c.data)));
async function logIn(product = '合作伙伴网吧系统5.0', user = 'demo', password = 'demo123') {
  await chooseProduct(product);
  type('账号', user);
  type('密码', password);
  fireEvent.click(loginBtn());
}
const errorLine = () => screen.findByTestId('import-error');

describe('数据导入 dialog', { timeout: 60_000 }, () => {
  it('asks for product, account and password with the spec messages, 700 px wide', async () => {
    const seen = server(() => ({ code: 0, msg: '', data: [] }));
    show();
    expect(await screen.findByText('数据导入')).toBeInTheDocument();
    expect(document.querySelector('.ant-modal')).toHaveStyle({ width: '700px' });
    fireEvent.click(loginBtn());
    expect(
      await screen.findByText('请选择产品', { selector: '.ant-form-item-explain-error' }),
    ).toBeInTheDocument();
    expect(screen.getByText('请输入账号')).toBeInTheDocument();
    expect(screen.getByText('请输入密码')).toBeInTheDocument();
    expect(seen).toHaveLength(0);
  });

  it('code 0: MD5 password for 5.0, stores 3 s later, 请选择网吧, import with progress every 3 s to 已导入, no close meanwhile', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const seen = server(
      () => ({ code: 0, msg: '登录成功', data: STORES }),
      [
        sched({ com: 40, member: 30, right: 8, failed: 2 }),
        sched({ com: 100, member: 90, right: 8, failed: 2, end: 1, status: 'done' }),
      ],
    );
    show();
    await logIn();
    expect(await screen.findByText('登录成功，正在加载网吧列表…')).toBeInTheDocument();
    const login = sent(seen, 'verify_panda_account')[0]!;
    expect(login.get('password')).toBe('62cc2d8b4bf2d8728120d052163a77df');
    expect(login.get('user_name')).toBe('demo');
    await act(() => vi.advanceTimersByTimeAsync(2900));
    expect(screen.queryByText('会员')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(await screen.findByText('会员')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: '会员导入' }));
    expect(
      await screen.findByText('请选择网吧', { selector: '.ant-form-item-explain-error' }),
    ).toBeInTheDocument();
    fireEvent.mouseDown(within(dialog()).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('星际网咖（大学城店）'));
    fireEvent.click(screen.getByRole('button', { name: '会员导入' }));
    expect(await screen.findByText('共 100 条，已处理 40 条：新增 30，已存在 8，失败 2')).toBeInTheDocument();
    expect(sent(seen, 'import_netbar_user')[0]?.get('netbar_id')).toBe('8002');

    fireEvent.click(document.querySelector('.ant-modal-close') as HTMLElement);
    expect(notifyError).toHaveBeenCalledWith(CLOSE_BLOCKED);
    expect(onClose).not.toHaveBeenCalled();

    const polls = () => seen.filter((c) => (c.url ?? '').includes('schedule')).length;
    const before = polls();
    await act(() => vi.advanceTimersByTimeAsync(2900));
    expect(polls()).toBe(before);
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(await screen.findByRole('button', { name: '会员已导入' })).toBeDisabled();
    expect(success).toHaveBeenCalledWith('会员导入完成');
    expect(
      screen.getByText('会员导入完成：共 100 条，已处理 100 条：新增 90，已存在 8，失败 2'),
    ).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(6000));
    expect(polls()).toBe(before + 1);

    fireEvent.click(document.querySelector('.ant-modal-close') as HTMLElement);
    expect(onClose).toHaveBeenCalled();
    await waitFor(() => expect(seen.some((c) => (c.url ?? '').includes('/businessimport/clear'))).toBe(true));
  });

  it('codes 1 and 4 show the msg in the error line', async () => {
    const answers: LegacyLoginResult[] = [
      { code: 1, msg: '账号或密码错误', data: null },
      { code: 4, msg: '账号已被锁定，请联系原系统客服解锁', data: null },
    ];
    server(() => answers.shift()!);
    show();
    await logIn();
    expect(await errorLine()).toHaveTextContent('账号或密码错误');
    fireEvent.click(loginBtn());
    await waitFor(() => expect(screen.getByTestId('import-error')).toHaveTextContent('账号已被锁定'));
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('code 2 asks for the SMS code: 请先获取验证码, then code 3 blocks resending for 180 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const seen = server((b) => {
      if (b.get('send_sms') === '1') return { code: 3, msg: '验证码已发送', data: { wait: 180 } };
      if (b.get('sms_code') === '123456') return { code: 0, msg: '登录成功', data: STORES };
      return { code: 2, msg: '该账号需要短信验证，请获取短信验证码', data: null };
    });
    show();
    await logIn('合作伙伴网吧系统4.0', 'smsuser');
    expect(await errorLine()).toHaveTextContent('该账号需要短信验证');
    fireEvent.click(loginBtn());
    expect(await screen.findByText('请先获取验证码')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    const wait = await screen.findByRole('button', { name: '180秒后重新获取' });
    expect(wait).toBeDisabled();
    expect(sent(seen, 'verify_old_panda_account').at(-1)?.get('send_sms')).toBe('1');
    fireEvent.click(loginBtn());
    expect(await screen.findByText('请输入验证码')).toBeInTheDocument();
    // the countdown ticks once a second (each tick schedules the next)
    const seconds = async (n: number) => {
      for (let i = 0; i < n; i++) await act(() => vi.advanceTimersByTimeAsync(1000));
    };
    await seconds(178);
    expect(screen.getByRole('button', { name: /^[12]秒后重新获取$/ })).toBeDisabled();
    await seconds(2);
    expect(screen.getByRole('button', { name: '获取验证码' })).toBeEnabled();
    fireEvent.change(screen.getByPlaceholderText('请输入6位验证码'), { target: { value: '123456' } });
    fireEvent.click(loginBtn());
    expect(await screen.findByText('登录成功，正在加载网吧列表…')).toBeInTheDocument();
    expect(sent(seen, 'verify_old_panda_account').at(-1)?.get('sms_code')).toBe('123456');
  });

  it('code 5 shows the image code (click for another); third-party products send the password as typed', async () => {
    const seen = server((b) =>
      b.get('code') === 'abcd'
        ? { code: 0, msg: '登录成功', data: STORES }
        : { code: 5, msg: '请输入图片验证码', data: { image: 'data:image/svg+xml;base64,QQ==' } },
    );
    show();
    await logIn('网吧管理产品（在线版）', 'imguser');
    expect(await screen.findByAltText('图片验证码')).toHaveAttribute('src', 'data:image/svg+xml;base64,QQ==');
    const first = sent(seen, '/businessimport/login')[0]!;
    expect(first.get('password')).toBe('demo123');
    expect([first.get('product'), first.get('variant')]).toEqual(['7', 'pubwinol']);
    fireEvent.click(loginBtn());
    expect(
      await screen.findByText('请输入验证码', { selector: '.ant-form-item-explain-error' }),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByTitle('看不清？换一张'));
    await waitFor(() =>
      expect(screen.getByAltText('图片验证码')).toHaveAttribute('src', 'data:image/svg+xml;base64,Tg=='),
    );
    fireEvent.change(screen.getByPlaceholderText('请输入验证码'), { target: { value: 'abcd' } });
    fireEvent.click(loginBtn());
    expect(await screen.findByText('登录成功，正在加载网吧列表…')).toBeInTheDocument();
    // a third-party product's stores come from /businessimport/netbars
    expect(await screen.findByText('会员', {}, { timeout: 6000 })).toBeInTheDocument();
    expect(seen.some((c) => ends(c, '/businessimport/netbars'))).toBe(true);
  });

  it('another account drops the challenge of the last one (its image code is not asked again)', async () => {
    const seen = server((b) =>
      b.get('user_name') === 'imguser'
        ? { code: 5, msg: '请输入图片验证码', data: { image: 'data:image/svg+xml;base64,QQ==' } }
        : { code: 0, msg: '登录成功', data: STORES },
    );
    show();
    await logIn('合作伙伴网吧系统5.0', 'imguser');
    await screen.findByAltText('图片验证码');
    type('账号', 'demo');
    expect(screen.queryByAltText('图片验证码')).toBeNull();
    expect(screen.queryByTestId('import-error')).toBeNull();
    fireEvent.click(loginBtn());
    expect(await screen.findByText('登录成功，正在加载网吧列表…')).toBeInTheDocument();
    expect(sent(seen, 'verify_panda_account').at(-1)?.get('code')).toBeNull();
  });

  it('a refused 4.0 call (not 200) shows the server msg in the error line, without a toast', async () => {
    server(() => ({ refuse: '账号最多50个字符' }));
    show();
    await logIn('合作伙伴网吧系统4.0');
    expect(await errorLine()).toHaveTextContent('账号最多50个字符');
    expect(notifyError).not.toHaveBeenCalled();
  });
});

describe('the import progress line', () => {
  it('says 准备中 while downloading and 校验中 during the dry run (com is still 0)', () => {
    expect(progressText(undefined)).toBe('准备中：正在读取原系统数据…');
    expect(progressText(sched({ phase: '下载中', total: 0 }))).toBe('准备中：正在读取原系统数据…');
    expect(progressText(sched({ phase: '下载中' }))).toBe('准备中：正在读取原系统数据（共 100 条）…');
    expect(progressText(sched({ phase: '校验中' }))).toBe('校验中：正在校验 100 条数据…');
  });

  it('counts rows while importing and at the end', () => {
    expect(progressText(sched({ com: 50, member: 40, right: 8, failed: 2 }))).toBe(
      '共 100 条，已处理 50 条：新增 40，已存在 8，失败 2',
    );
    expect(progressText(sched({ phase: '', end: 1, status: 'done', com: 100, member: 100 }))).toBe(
      '共 100 条，已处理 100 条：新增 100，已存在 0，失败 0',
    );
  });
});
