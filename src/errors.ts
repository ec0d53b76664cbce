/**
 * The closed set of error codes and the one exhaustive code→status map (spec section 7).
 * Every error the API returns is an ApiError, so a handler cannot invent a status or a code, and
 * every error response is built by `errorResponse` (called from the app's one onError, plus the
 * 405 refusal that runs before routing).
 */
export const ERROR_STATUS = {
  invalid_input: 400,
  invalid_param: 400,
  unauthorized: 401,
  insufficient_credits: 402,
  usage_review: 403,
  not_found: 404,
  method_not_allowed: 405,
  rate_limited: 429,
  internal_error: 500,
  not_ready: 503,
  wallet_busy: 503,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

const MESSAGES: Record<ErrorCode, string> = {
  invalid_input: "The input looks like a prompt-injection attempt.",
  invalid_param: "A query parameter is missing or invalid.",
  unauthorized: "Missing, invalid or revoked API key. Send it in the x-service-api-key header.",
  insufficient_credits: "The wallet is out of credits.",
  usage_review: "This account is under usage review. Contact support.",
  not_found: "No such endpoint.",
  method_not_allowed: "Only GET is supported on this path.",
  rate_limited: "Rate limit exceeded. Retry after the number of seconds in Retry-After.",
  internal_error: "Internal server error.",
  not_ready: "No valid snapshot is loaded yet. Try again shortly.",
  wallet_busy: "The wallet is busy (another process is writing to it). Nothing was charged; retry after the number of seconds in Retry-After.",
};

export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string = MESSAGES[code],
    /** Extra body fields (param, scope, retry_after, credits_remaining, topup_url...). */
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.status = ERROR_STATUS[code];
  }
}

export function defaultMessage(code: ErrorCode): string {
  return MESSAGES[code];
}

const JSON_TYPE = "application/json; charset=utf-8";

/**
 * The one place an error response is built: the code's status from the closed map, the JSON body
 * `{error, message, ...extra}` and the headers. An ApiError is answered with `errorResponse(e.code,
 * e.message, e.extra, {...headers, ...e.headers})`; a failed validation needs no Error object.
 */
export function errorResponse(code: ErrorCode, message: string = MESSAGES[code], extra: Record<string, unknown> = {}, headers?: Record<string, string>): Response {
  return new Response(JSON.stringify({ error: code, message, ...extra }), { status: ERROR_STATUS[code], headers: { "content-type": JSON_TYPE, ...headers } });
}

export function apiErrorResponse(e: ApiError, headers?: Record<string, string>): Response {
  return errorResponse(e.code, e.message, e.extra, { ...headers, ...e.headers });
}
