import { MSG, Status } from '@netbar/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DatabaseBusyError } from '../db/gate.ts';
import { BizError } from '../lib/errors.ts';

interface Answer {
  http: number;
  status: number;
  msg: string;
  data: unknown;
}

const FASTIFY_CODES: Record<string, Omit<Answer, 'data'>> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { http: 413, status: Status.TOO_LARGE, msg: MSG.tooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { http: 415, status: Status.BAD_INPUT, msg: '不支持的请求格式' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { http: 400, status: Status.BAD_INPUT, msg: '请求格式错误' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { http: 400, status: Status.BAD_INPUT, msg: '请求内容不能为空' },
  FST_ERR_CTP_INVALID_JSON_BODY: { http: 400, status: Status.BAD_INPUT, msg: '请求格式错误' },
  FST_ERR_CTP_INVALID_TYPE: { http: 400, status: Status.BAD_INPUT, msg: '请求格式错误' },
  FST_ERR_BAD_URL: { http: 400, status: Status.BAD_INPUT, msg: '请求地址错误' },
  FST_ERR_ASYNC_CONSTRAINT: { http: 400, status: Status.BAD_INPUT, msg: '请求地址错误' },
  FST_REQ_FILE_TOO_LARGE: { http: 413, status: Status.TOO_LARGE, msg: '上传文件过大' },
  FST_FILES_LIMIT: { http: 413, status: Status.TOO_LARGE, msg: '上传文件数量过多' },
  FST_PARTS_LIMIT: { http: 413, status: Status.TOO_LARGE, msg: '上传内容过多' },
  FST_FIELDS_LIMIT: { http: 413, status: Status.TOO_LARGE, msg: '上传内容过多' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { http: 400, status: Status.BAD_INPUT, msg: '请上传文件' },
};

export const BUSY_MSG = '服务繁忙，请稍后再试';

function toAnswer(err: FastifyError): Answer {
  if (err instanceof DatabaseBusyError || (err.cause as Error | undefined) instanceof DatabaseBusyError)
    return { http: 503, status: 50300, msg: BUSY_MSG, data: null };
  if (err instanceof BizError)
    return { http: err.httpStatus, status: err.status, msg: err.message, data: err.data };
  if (hasZodFastifySchemaValidationErrors(err)) {
    const first = err.validation[0];
    const msg = first?.message && /[\u4e00-\u9fa5]/.test(first.message) ? first.message : '请求参数错误';
    return { http: 400, status: Status.BAD_INPUT, msg, data: null };
  }
  const known = err.code ? FASTIFY_CODES[err.code] : undefined;
  if (known) return { ...known, data: null };
  if (err.statusCode === 429)
    return { http: 429, status: Status.TOO_MANY, msg: '请求过于频繁，请稍后再试', data: null };
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
    return { http: err.statusCode, status: Status.BAD_INPUT, msg: '请求格式错误', data: null };
  }
  return { http: 500, status: Status.INTERNAL, msg: MSG.internal, data: null };
}

/** One error handler: every error becomes `{status, msg, data}` in Chinese, never a stack trace. */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    let a: Answer;
    try {
      a = toAnswer(err);
    } catch {
      a = { http: 500, status: Status.INTERNAL, msg: MSG.internal, data: null };
    }
    if (a.http === 503) reply.header('retry-after', '1');
    else if (a.http >= 500) req.log.error(safeErrorLog(err), 'unhandled error');
    else req.log.info({ status: a.status, code: err.code }, a.msg);
    // Whatever a plugin said about the body (content type, encoding), the answer is the JSON envelope.
    reply.removeHeader('content-encoding');
    return reply
      .code(a.http)
      .type('application/json; charset=utf-8')
      .send({ status: a.status, msg: a.msg, data: a.data });
  });
});

/**
 * What an unexpected error logs: its kind, codes and the first line of its message, cut before the
 * query parameters that database errors carry (they may hold names, mobiles or password hashes).
 */
export function safeErrorLog(err: FastifyError) {
  const cause = err.cause as { code?: string; constraint?: string; table?: string } | undefined;
  const message = String(err.message ?? '')
    .split(/\nparams:|\bparams:/)[0]!
    .slice(0, 500);
  return {
    err: {
      name: err.name,
      code: err.code,
      pgCode: cause?.code,
      constraint: cause?.constraint,
      table: cause?.table,
      message,
    },
  };
}

const API_PREFIXES = ['/api/', '/businessimport/'];
export const isApiPath = (url: string) => API_PREFIXES.some((p) => url.startsWith(p)) || url === '/api';
