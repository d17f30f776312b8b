/**
 * Contract error bodies: every error is JSON `{code, message}`; 400 adds `fields`, 402 adds
 * `allowance`. Middleware throws ApiError; the error mapper turns it into the response.
 */
export type ErrorCode =
  | 'invalid_request'
  | 'unauthorized'
  | 'api_allowance_reached'
  | 'single_screening_allowance_reached'
  | 'forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'payload_too_large'
  | 'rate_limited'
  | 'internal_error'
  | 'not_implemented'
  | 'service_unavailable';

export type FieldErrors = Record<string, string[]>;

export interface AllowanceBlock {
  plan: string;
  period: string;
  includedCalls: number;
  usedCalls: number;
  resetsOn: string;
  plansWithMoreRoom: Array<{ plan: string; includedCalls: number | null; billsExcess: boolean }>;
}

export interface ErrorBody {
  code: ErrorCode;
  message: string;
  fields?: FieldErrors;
  allowance?: AllowanceBlock;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly extra: { fields?: FieldErrors; allowance?: AllowanceBlock; headers?: Record<string, string> } = {},
  ) {
    super(message);
  }

  body(): ErrorBody {
    const body: ErrorBody = { code: this.code, message: this.message };
    if (this.extra.fields) body.fields = this.extra.fields;
    if (this.extra.allowance) body.allowance = this.extra.allowance;
    return body;
  }
}

export function invalidRequest(fields: FieldErrors, message = 'The request is invalid; see fields.'): ApiError {
  return new ApiError(400, 'invalid_request', message, { fields });
}

export function notFound(message = 'No such resource for this organization.'): ApiError {
  return new ApiError(404, 'not_found', message);
}

export function rateLimited(retryAfterSeconds: number, reason: string): ApiError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new ApiError(429, 'rate_limited', `${reason} Retry in ${seconds} second${seconds === 1 ? '' : 's'}.`, {
    headers: { 'Retry-After': String(seconds) },
  });
}

export function serviceUnavailable(message: string): ApiError {
  return new ApiError(503, 'service_unavailable', message, { headers: { 'Retry-After': '5' } });
}

export function notImplemented(what: string): ApiError {
  return new ApiError(501, 'not_implemented', `${what} is not available yet.`);
}

/** 405: a method the document does not serve on a path it knows; `Allow` lists those it does. */
export function methodNotAllowed(method: string, path: string, allowed: readonly string[]): ApiError {
  return new ApiError(405, 'method_not_allowed', `${method} is not served on ${path}; allowed: ${allowed.join(', ')}.`, {
    headers: { Allow: allowed.join(', ') },
  });
}
