/**
 * The closed set of error codes and the one exhaustive code→status map (spec section 7).
 * Every error the API returns is an ApiError, so a handler cannot invent a status or a code.
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

  body(): Record<string, unknown> {
    return { error: this.code, message: this.message, ...this.extra };
  }
}

export function defaultMessage(code: ErrorCode): string {
  return MESSAGES[code];
}
