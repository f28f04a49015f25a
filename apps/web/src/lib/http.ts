import { type Envelope, isSilent, isSuccess, REQUEST_TIMEOUT_MS, Status } from '@netbar/contract';
import axios, { type AxiosRequestConfig, type AxiosResponse, type Method } from 'axios';
import { feedback } from './feedback';
import { filenameOf, needsTicket, resolveTarget, toForm, toPlain } from './http-rules';
import { readTicket, readUser } from './storage';

export {
  AGGREGATE_MARKER,
  IMPORT_MARKER,
  MERCHANT_BASE,
  PASSPORT_BASE,
  PAYMENT_BASE,
  resolveTarget,
  type Service,
  type Target,
  TICKET_PATH_ENDINGS,
} from './http-rules';

/** The one request client: spec section 7 (transport rules, handling of answers) and section 8. */

export const LOGIN_PATH = '/account/login';
export const LOAD_FAILED_MSG = '加载数据失败';

export type Payload = Record<string, unknown> | URLSearchParams | FormData;

export interface RequestOptions {
  /** Suppress every toast of this call (the 40005 redirect still happens). */
  silent?: boolean;
  /** Send a POST body as JSON instead of form-encoded. */
  json?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export class HttpError extends Error {
  readonly status: number;
  readonly msg: string;
  readonly data: unknown;

  constructor(status: number, msg: string, data: unknown = null) {
    super(msg);
    this.name = 'HttpError';
    this.status = status;
    this.msg = msg;
    this.data = data;
  }
}

export interface HttpHooks {
  navigate: (to: string) => void;
  notifyError: (msg: string) => void;
  currentPath: () => string;
  getToken: () => string | undefined;
  getTicket: () => string | null;
  /** Called on 40005 before navigating (e.g. clear the stored user). */
  onUnauthorized: () => void;
}

const defaultHooks: HttpHooks = {
  navigate: (to) => window.location.assign(to),
  notifyError: (msg) => feedback.error(msg),
  currentPath: () => window.location.pathname + window.location.search,
  getToken: () => readUser()?.token,
  getTicket: () => readTicket(),
  onUnauthorized: () => {},
};

let hooks: HttpHooks = { ...defaultHooks };

/** Inject navigation, toasts and state access (the app wires the router; tests wire spies). */
export function configureHttp(next: Partial<HttpHooks>): void {
  hooks = { ...hooks, ...next };
}

export function resetHttp(): void {
  hooks = { ...defaultHooks };
  lastUnauthorizedAt = 0;
  lastUnauthorizedToastAt = 0;
}

/** Build the axios config of one call. */
export function buildConfig(
  method: Method,
  path: string,
  payload: Payload | undefined,
  options: RequestOptions = {},
): AxiosRequestConfig {
  const target = resolveTarget(path);
  const headers: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest', ...options.headers };
  if (target.bearer) {
    const token = hooks.getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
  }
  if (needsTicket(path)) {
    const ticket = hooks.getTicket();
    if (ticket) headers.ticket = ticket;
  }
  const config: AxiosRequestConfig = {
    method,
    url: target.url,
    headers,
    withCredentials: target.withCredentials,
    timeout: REQUEST_TIMEOUT_MS,
    signal: options.signal,
    validateStatus: () => true,
  };
  if (method.toUpperCase() === 'GET') {
    const params: Record<string, unknown> =
      payload && !(payload instanceof FormData) ? { ...toPlain(payload) } : {};
    if (target.cacheBust) params.t = Date.now();
    config.params = params;
  } else if (payload instanceof FormData || payload instanceof URLSearchParams) {
    config.data = payload;
  } else if (options.json || target.json) {
    config.data = payload ?? {};
    headers['Content-Type'] = 'application/json';
  } else {
    config.data = toForm(payload ?? {});
  }
  return config;
}

interface RawEnvelope {
  status?: unknown;
  code?: unknown;
  msg?: unknown;
  message?: unknown;
  data?: unknown;
}

function asEnvelope(body: unknown): RawEnvelope | null {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return null;
  const raw = body as RawEnvelope;
  return 'status' in raw || 'code' in raw ? raw : null;
}

function messageOf(raw: RawEnvelope): string {
  if (typeof raw.msg === 'string' && raw.msg) return raw.msg;
  if (typeof raw.message === 'string' && raw.message) return raw.message;
  return '';
}

let lastUnauthorizedAt = 0;
let lastUnauthorizedToastAt = 0;
const UNAUTHORIZED_QUIET_MS = 2000;

/**
 * 40005: toast the msg (unless silent), clear the session and go to login with the current path.
 * Parallel calls failing together give one toast and one navigation; a silent call (e.g. the notice
 * poll) does not use up the toast of a visible call that fails right after it.
 */
function handleUnauthorized(msg: string, options: RequestOptions): void {
  const now = Date.now();
  if (!options.silent && now - lastUnauthorizedToastAt >= UNAUTHORIZED_QUIET_MS) {
    lastUnauthorizedToastAt = now;
    hooks.notifyError(msg || '登录已过期，请重新登录');
  }
  if (now - lastUnauthorizedAt < UNAUTHORIZED_QUIET_MS) return;
  lastUnauthorizedAt = now;
  hooks.onUnauthorized();
  const current = hooks.currentPath();
  if (current.startsWith(LOGIN_PATH)) return;
  hooks.navigate(`${LOGIN_PATH}?redirect=${encodeURIComponent(current)}`);
}

/** Turn an answer into the envelope or an HttpError (spec section 7 'Handling of answers'). */
export function handleResponse<T>(res: AxiosResponse, options: RequestOptions = {}): Envelope<T> {
  const raw = asEnvelope(res.data);
  if (!raw) {
    const error = new HttpError(res.status, LOAD_FAILED_MSG);
    if (!options.silent) hooks.notifyError(LOAD_FAILED_MSG);
    throw error;
  }
  const status = Number(raw.status ?? raw.code);
  const msg = messageOf(raw);
  if (isSuccess(raw)) return { status, msg, data: raw.data as T };
  const error = new HttpError(status, msg || LOAD_FAILED_MSG, raw.data ?? null);
  if (status === Status.UNAUTHENTICATED) handleUnauthorized(msg, options);
  else if (!isSilent(status) && !options.silent) hooks.notifyError(msg || LOAD_FAILED_MSG);
  throw error;
}

/** A network failure or time-out: no answer to read. */
export function handleFailure(cause: unknown, options: RequestOptions = {}): never {
  if (axios.isCancel(cause)) throw new HttpError(-1, '请求已取消');
  if (!options.silent) hooks.notifyError(LOAD_FAILED_MSG);
  const error = new HttpError(-1, LOAD_FAILED_MSG);
  error.cause = cause;
  throw error;
}

export const httpInstance = axios.create();

export async function request<T>(
  method: Method,
  path: string,
  payload?: Payload,
  options: RequestOptions = {},
): Promise<Envelope<T>> {
  let res: AxiosResponse;
  try {
    res = await httpInstance.request(buildConfig(method, path, payload, options));
  } catch (cause) {
    handleFailure(cause, options);
  }
  return handleResponse<T>(res, options);
}

export const http = {
  get: <T>(path: string, params?: Payload, options?: RequestOptions) =>
    request<T>('GET', path, params, options),
  post: <T>(path: string, body?: Payload, options?: RequestOptions) =>
    request<T>('POST', path, body, options),
};

export interface BlobResult {
  blob: Blob;
  filename: string | null;
}

async function blobEnvelope(blob: Blob): Promise<unknown> {
  try {
    return JSON.parse(await blob.text());
  } catch {
    return null;
  }
}

/**
 * A GET that answers a file (e.g. an xlsx export), under the same transport rules. An envelope answer
 * (the server refused) is handled like any other answer and rejects.
 */
export async function requestBlob(
  path: string,
  params?: Payload,
  options: RequestOptions = {},
): Promise<BlobResult> {
  let res: AxiosResponse;
  try {
    res = await httpInstance.request({ ...buildConfig('GET', path, params, options), responseType: 'blob' });
  } catch (cause) {
    handleFailure(cause, options);
  }
  const data: unknown = res.data;
  const type = String(res.headers['content-type'] ?? '');
  if (res.status >= 400 || type.includes('application/json') || !(data instanceof Blob)) {
    const body = data instanceof Blob ? await blobEnvelope(data) : data;
    handleResponse<unknown>({ ...res, data: body }, options);
    throw new HttpError(res.status, LOAD_FAILED_MSG);
  }
  return { blob: data, filename: filenameOf(res.headers['content-disposition']) };
}
