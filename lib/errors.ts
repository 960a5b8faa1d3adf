/** Domain failures. Services throw these; lib/http turns them into the JSON replies of product.md. */
export type AppErrorCode =
  | "UNAUTHORIZED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "CONFLICT"
  | "PAYLOAD_TOO_LARGE"
  | "UNSUPPORTED_MEDIA_TYPE"
  | "INVALID"
  | "PAYMENT_REQUIRED"
  | "RATE_LIMITED"
  | "UNAVAILABLE";

export const httpStatusOf: Record<AppErrorCode, number> = {
  UNAUTHORIZED: 401,
  PAYMENT_REQUIRED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  INVALID: 422,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
};

export class AppError extends Error {
  constructor(
    readonly code: AppErrorCode,
    message: string,
    /** Field path -> messages, for INVALID. */
    readonly errors?: Record<string, string[]>,
    /** Response headers that go with the answer (Retry-After and RateLimit-* for RATE_LIMITED). */
    readonly headers?: Record<string, string>,
    /** More fields of the JSON answer (a quota's `quota`: what is left and when it resets). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const INVALID_DATA_MESSAGE = "The given data was invalid.";

export function invalid(field: string, message: string): AppError {
  return new AppError("INVALID", INVALID_DATA_MESSAGE, { [field]: [message] });
}
