import { ERRORS, type ApiErrorBody, type ErrorCode } from '@app/domain';

/**
 * The one error type services throw. The error handler turns it into HTTP using the domain's ERRORS
 * table, so a status code is decided in exactly one place.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly messageKey: string;
  readonly invalidField: string | undefined;
  /** Worth an alert in the logs (unexpected), as opposed to a user's mistake. */
  readonly reportable: boolean;

  constructor(
    code: ErrorCode,
    options: { messageKey?: string; invalidField?: string; cause?: unknown; status?: number } = {},
  ) {
    const definition = ERRORS[code];
    super(options.messageKey ?? definition.messageKey, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = options.status ?? definition.status;
    this.messageKey = options.messageKey ?? definition.messageKey;
    this.invalidField = options.invalidField;
    this.reportable = this.status >= 500;
  }

  toBody(): ApiErrorBody {
    return {
      code: this.code,
      messageKey: this.messageKey,
      ...(this.invalidField ? { invalidField: this.invalidField } : {}),
    };
  }
}

export const notFound = (messageKey?: string) =>
  new AppError('NOT_FOUND', messageKey ? { messageKey } : {});

/** The spec's "403 with invalidField": the message is shown under that form field. */
export const invalidField = (field: string, messageKey: string) =>
  new AppError('FIELD_INVALID', { invalidField: field, messageKey });
