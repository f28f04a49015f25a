/**
 * The transport rules of the request client (spec section 7): which origin and base a path goes to, which
 * calls carry the ticket header, how bodies and params are encoded, how a download is named. Pure
 * decisions, no I/O; `http.ts` applies them.
 */

export const PASSPORT_BASE = '/api/v1/';
export const PAYMENT_BASE = '/api/c1/';
export const MERCHANT_BASE = '/api/merchant/';
export const AGGREGATE_MARKER = 'aggregate';
export const IMPORT_MARKER = '/businessimport/';
/** Calls that also send the `ticket` header from sessionStorage. */
export const TICKET_PATH_ENDINGS = ['get_client_status', 'get_client_status_list', 'pos_list'] as const;

export type Service = 'passport' | 'payment' | 'merchant' | 'import';

export interface Target {
  service: Service;
  url: string;
  withCredentials: boolean;
  bearer: boolean;
  cacheBust: boolean;
  json: boolean;
}

/** Where a path goes and how (the transport rules). Paths are given by their ending, e.g. `login`. */
export function resolveTarget(path: string): Target {
  if (path.includes(IMPORT_MARKER)) {
    const url = path.slice(path.indexOf(IMPORT_MARKER));
    return { service: 'import', url, withCredentials: false, bearer: true, cacheBust: false, json: false };
  }
  if (path.startsWith(PAYMENT_BASE) || path.includes(AGGREGATE_MARKER)) {
    const rest = path.startsWith(PAYMENT_BASE)
      ? path.slice(PAYMENT_BASE.length)
      : path.replace(/^\/+/, '').replace(/^aggregate\//, '');
    return {
      service: 'payment',
      url: PAYMENT_BASE + rest,
      withCredentials: false,
      bearer: true,
      cacheBust: true,
      json: true,
    };
  }
  if (path.startsWith(MERCHANT_BASE)) {
    return {
      service: 'merchant',
      url: path,
      withCredentials: false,
      bearer: true,
      cacheBust: true,
      json: false,
    };
  }
  const url = path.startsWith(PASSPORT_BASE) ? path : PASSPORT_BASE + path.replace(/^\/+/, '');
  return { service: 'passport', url, withCredentials: true, bearer: false, cacheBust: true, json: false };
}

export function needsTicket(path: string): boolean {
  const bare = path.split('?')[0];
  return TICKET_PATH_ENDINGS.some((ending) => bare.endsWith(ending));
}

/** A form-encoded body: arrays joined with commas, undefined/null left out. */
export function toForm(payload: Record<string, unknown>): URLSearchParams {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(payload)) {
    if (value === undefined || value === null) continue;
    form.append(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  return form;
}

/** GET params as a plain object. */
export function toPlain(payload: Record<string, unknown> | URLSearchParams): Record<string, unknown> {
  return payload instanceof URLSearchParams ? Object.fromEntries(payload) : payload;
}

/** The file name of a Content-Disposition header (filename* first). */
export function filenameOf(disposition: unknown): string | null {
  if (typeof disposition !== 'string') return null;
  const star = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      return star[1].trim();
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1].trim() : null;
}
