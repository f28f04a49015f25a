import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, type Mock, vi } from 'vitest';
import { setFeedback } from '../lib/feedback';
import { configureHttp, resetHttp } from '../lib/http';

/** Server answers for `mockServer` responders. */
export const ok = (data: unknown = null, msg = '') => ({ body: { status: 200, msg, data } });
export const refused = (msg: string, status = 40001) => ({ body: { status, msg, data: null as unknown } });
export const page = (list: unknown[]) => ok({ list, page: 1, page_size: 10, count: list.length });

/** Whether a request went to `path` (`ends(c, 'goods_save')`). */
export const ends = (c: InternalAxiosRequestConfig, path: string) => (c.url ?? '').endsWith(path);

/** Lets pending promises and antd's timers run before asserting that nothing else happened. */
export const settle = () => new Promise((r) => setTimeout(r, 50));

/**
 * The setup every dialog and page test shares, registered for the calling file: a fresh http client
 * whose refusals go to `notifyError`, toasts captured by `notifyError` / `success`, the `callbacks`
 * (onClose, onDone…) reset before each test, and unhandled promise rejections collected in
 * `rejections` (a refused save must not leave one).
 */
export function dialogHarness(...callbacks: Mock[]) {
  const notifyError = vi.fn<(msg: string) => void>();
  const success = vi.fn<(msg: string) => void>();
  const rejections: unknown[] = [];
  const onRejection = (reason: unknown) => rejections.push(reason);
  beforeEach(() => {
    resetHttp();
    configureHttp({ notifyError });
    for (const f of [notifyError, success, ...callbacks]) f.mockReset();
    setFeedback({ error: notifyError, success });
    rejections.length = 0;
    process.on('unhandledRejection', onRejection);
  });
  afterEach(() => {
    setFeedback(null);
    process.off('unhandledRejection', onRejection);
  });
  return { notifyError, success, rejections };
}
