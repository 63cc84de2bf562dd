import type { FastifyBaseLogger } from 'fastify';
import {
  ACCOUNT_MESSAGE_KEYS as K,
  EmailSchema,
  isProfessional,
  makeSignUpSchema,
  makeSignUpStep2Schema,
  SignUpStep1Schema,
  SignUpStep3Schema,
} from '@app/domain';
import type { Db } from '../../db/database';
import { AppError, invalidField } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { hashPassword } from '../../lib/passwords';
import { findAccountByUsername, ProfessionalAccountError } from '../auth/index';
import type { AccountValidationService } from './account-validation.service';
import { isUniqueViolation } from '../../db/sql-state';
import { parseForm } from './form-errors';
import { departmentExists, insertAccount } from './registration.repository';

export type SignUpStep = 1 | 2 | 3;

/**
 * E-mail pre-check and sign-up in three checked steps (docs/product/accounts.md §2, §4, §5). Rules come from
 * the domain schemas; a broken rule is a 403 naming the field. Professionals get 468 with the
 * professional site's address at whichever point they are recognised.
 */
export function createRegistrationService(deps: {
  db: Db;
  clock: Clock;
  validation: AccountValidationService;
  proSiteUrl: string;
  log: Pick<FastifyBaseLogger, 'error'>;
}) {
  const { db, clock, validation, proSiteUrl, log } = deps;
  const emailAlreadyUsed = () => invalidField('username', K.emailAlreadyUsed);

  function refuseProfessionalProfile(form: Record<string, unknown>) {
    if (form.profile === 'professional') throw new ProfessionalAccountError(proSiteUrl);
  }

  async function checkDepartment(countryCode: string, departmentCode: string) {
    // Overseas departments come from the country; only a typed (FR) department can be wrong.
    if (countryCode === 'FR' && !(await departmentExists(db, departmentCode))) {
      throw invalidField('department', K.departmentInvalid);
    }
  }

  return {
    /** true: an account exists (login view); false: unknown address (sign-up view). */
    async isEmailValid(email: string): Promise<boolean> {
      const parsed = EmailSchema.safeParse(email);
      if (!parsed.success) throw new AppError('LOGIN_ERROR');
      const user = await findAccountByUsername(db, parsed.data);
      if (user && isProfessional(user.roles)) throw new ProfessionalAccountError(proSiteUrl);
      return user !== null;
    },

    /** The server check after each sign-up step; only that step's fields are looked at. */
    async checkStep(step: SignUpStep, form: Record<string, unknown>): Promise<{ ok: true }> {
      if (step === 1) {
        refuseProfessionalProfile(form);
        const values = parseForm(SignUpStep1Schema, form);
        if (await findAccountByUsername(db, values.username)) throw emailAlreadyUsed();
      } else if (step === 2) {
        parseForm(makeSignUpStep2Schema(clock.now()), form);
      } else {
        const values = parseForm(SignUpStep3Schema, form);
        await checkDepartment(values.countryCode, values.departmentCode);
      }
      return { ok: true };
    },

    /** Creates the unconfirmed account and mails its validation code. */
    async signUp(form: Record<string, unknown>): Promise<{ username: string }> {
      refuseProfessionalProfile(form);
      const now = clock.now();
      const values = parseForm(makeSignUpSchema(now), form);
      if (await findAccountByUsername(db, values.username)) throw emailAlreadyUsed();
      await checkDepartment(values.countryCode, values.departmentCode);

      let created: { id: number };
      try {
        created = await insertAccount(db, {
          username: values.username,
          passwordHash: await hashPassword(values.password),
          firstname: values.firstname,
          lastname: values.lastname,
          birthday: values.birthday,
          phoneNumber: values.phoneNumber,
          countryCode: values.countryCode,
          departmentCode: values.departmentCode,
          locale: values.locale,
          signupReason: values.reason ?? null,
          now,
        });
      } catch (error) {
        // Two sign-ups with the same address at once: the second one loses here.
        if (isUniqueViolation(error)) throw emailAlreadyUsed();
        throw error;
      }

      try {
        await validation.sendCode({
          id: created.id,
          username: values.username,
          firstname: values.firstname,
          locale: values.locale,
        });
      } catch (error) {
        // The account exists; the validation screen's "resend" gets a new code to the user.
        log.error({ err: error, userId: created.id }, 'validation mail not sent after sign-up');
      }
      return { username: values.username };
    },
  };
}

export type RegistrationService = ReturnType<typeof createRegistrationService>;
