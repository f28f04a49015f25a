import { MSG, Status } from '@netbar/contract';

/** A refusal the caller should read: becomes `{status, msg, data}` with a matching HTTP code. */
export class BizError extends Error {
  constructor(
    readonly status: number,
    msg: string,
    readonly httpStatus = 400,
    readonly data: unknown = null,
  ) {
    super(msg);
  }
}

export class BadInputError extends BizError {
  constructor(msg: string, data: unknown = null) {
    super(Status.BAD_INPUT, msg, 400, data);
  }
}

export class UnauthenticatedError extends BizError {
  constructor(msg: string = MSG.notLoggedIn) {
    super(Status.UNAUTHENTICATED, msg, 401);
  }
}

export class ForbiddenError extends BizError {
  constructor(msg: string = MSG.forbidden) {
    super(Status.FORBIDDEN, msg, 403);
  }
}

/** Also the answer for another tenant's id: it must look exactly like a missing one. */
export class NotFoundError extends BizError {
  constructor(msg: string = MSG.notFound) {
    super(Status.NOT_FOUND, msg, 404);
  }
}

export class ConflictError extends BizError {
  constructor(msg: string) {
    super(Status.CONFLICT, msg, 409);
  }
}

export class TooManyError extends BizError {
  constructor(msg: string) {
    super(Status.TOO_MANY, msg, 429);
  }
}
