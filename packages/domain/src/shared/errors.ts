/**
 * Every error the API can answer with: a stable code, the HTTP status and the message key the web
 * app translates (the spec's catalogue keys). The web never shows server text, only t(messageKey).
 * Wire shape: { code, messageKey, invalidField? }.
 */
export const ERRORS = {
  VALIDATION_FAILED: { status: 400, messageKey: 'validation.error' },
  UNAUTHENTICATED: { status: 401, messageKey: 'session.invalid.error' },
  LOGIN_INCORRECT: { status: 401, messageKey: 'login.incorrect.error' },
  FORBIDDEN: { status: 403, messageKey: 'not.authorized.error' },
  FIELD_INVALID: { status: 403, messageKey: 'field.invalid.error' },
  NOT_FOUND: { status: 404, messageKey: 'resource.not.found' },
  ROUTE_NOT_FOUND: { status: 404, messageKey: 'resource.not.found' },
  NAME_ALREADY_USED: { status: 403, messageKey: 'name.already.used.error' },
  PAYLOAD_TOO_LARGE: { status: 413, messageKey: 'file.too.large.error' },
  ACCOUNT_LOCKED: { status: 423, messageKey: 'account.locked.error' },
  TOO_MANY_REQUESTS: { status: 429, messageKey: 'too.many.requests.error' },
  SESSION_EXPIRED: { status: 430, messageKey: 'session.invalid.error' },
  LOGIN_ERROR: { status: 467, messageKey: 'login.email.error' },
  PROFESSIONAL_ACCOUNT: { status: 468, messageKey: 'login.professional.error' },
  INTERNAL: { status: 500, messageKey: 'internal.server.error' },
  SERVICE_UNAVAILABLE: { status: 503, messageKey: 'service.unavailable.error' },
} as const satisfies Record<string, { status: number; messageKey: string }>;

export type ErrorCode = keyof typeof ERRORS;

/** The JSON body of every error answer. */
export interface ApiErrorBody {
  code: ErrorCode;
  messageKey: string;
  /** The form field the error belongs to (spec: "403 with invalidField"). */
  invalidField?: string;
}
