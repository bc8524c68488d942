/**
 * Application errors with stable codes. The message is what the user may read; details for the log
 * stay in `cause`.
 */
export type ErrorCode =
  | 'VALIDATION'
  | 'UNAUTHENTICATED'
  | 'SESSION_EXPIRED'
  | 'FORBIDDEN'
  | 'PASSWORD_CHANGE_REQUIRED'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'LOCKED_OUT'
  | 'UNAVAILABLE'
  | 'BAD_GATEWAY'
  | 'INTERNAL';

const STATUS: Record<ErrorCode, number> = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  SESSION_EXPIRED: 401,
  FORBIDDEN: 403,
  /** Signed in, but held to a password change before any other call (decision 064). */
  PASSWORD_CHANGE_REQUIRED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  LOCKED_OUT: 429,
  /** A service outside this server (the geocoder) could not be reached or failed. */
  UNAVAILABLE: 503,
  /** A service this one relies on (the identity server, the wiki) failed to answer. */
  BAD_GATEWAY: 502,
  INTERNAL: 500,
};

export class AppError extends Error {
  override name = 'AppError';
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors?: Record<string, string>,
    options?: { cause?: unknown; step?: string },
  ) {
    super(message, options);
    this.status = STATUS[code];
    this.step = options?.step;
  }
  /** The step of a multi-step command that failed (the end-call sequence), for the screen's toast. */
  readonly step: string | undefined;
}

export const badRequest = (field: string, message: string) =>
  new AppError('VALIDATION', `${field}: ${message}`, { [field]: message });
export const notFound = (message = 'Not found.') => new AppError('NOT_FOUND', message);
export const forbidden = (message = 'Access Denied.') => new AppError('FORBIDDEN', message);
export const PASSWORD_CHANGE_MESSAGE = 'Your password was set by an administrator: choose your own before you go on.';
export const passwordChangeRequired = () => new AppError('PASSWORD_CHANGE_REQUIRED', PASSWORD_CHANGE_MESSAGE);
export const unauthenticated = (message = 'Sign in to continue.') => new AppError('UNAUTHENTICATED', message);
export const unavailable = (message: string, cause?: unknown) =>
  new AppError('UNAVAILABLE', message, undefined, { cause });
