import { ACCOUNT_MESSAGE_KEYS as K, type ApiErrorBody } from '@app/domain';
import { AppError, invalidField } from '../../lib/app-error';

/**
 * 468 (docs/product/accounts.md §6): professionals use their own site. The body carries its address so that
 * the redirect modal can open it without another call.
 */
export class ProfessionalAccountError extends AppError {
  constructor(readonly proSiteUrl: string) {
    super('PROFESSIONAL_ACCOUNT');
  }

  override toBody(): ApiErrorBody & { proSiteUrl: string } {
    return { ...super.toBody(), proSiteUrl: this.proSiteUrl };
  }
}

/** The account-related refusals, each with its status and message key in one place. */
export const authErrors = {
  /** 401, the same for an unknown e-mail and a wrong password. */
  loginIncorrect: () => new AppError('LOGIN_INCORRECT'),
  /** 423 while a lock lasts. */
  accountLocked: () => new AppError('ACCOUNT_LOCKED'),
  /** 403: the spec's "Locked" login result for admin accounts. */
  profileForbidden: () => new AppError('FORBIDDEN', { messageKey: K.profileForbidden }),
  /** 403: the mailed code was never entered. */
  accountNotValidated: () => new AppError('FORBIDDEN', { messageKey: K.accountNotValidated }),
  /** 403: /api/login called when the SMS-code step is due. */
  smsCodeRequired: () => new AppError('FORBIDDEN', { messageKey: K.smsCodeRequired }),
  /** 401 on the token endpoint: the web app logs out. */
  sessionInvalid: () => new AppError('UNAUTHENTICATED'),
  /** 403 under the code boxes. */
  code: (messageKey: string) => invalidField('code', messageKey),
};
