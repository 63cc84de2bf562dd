import { randomInt, randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { mailCode, newestMail } from './outbox';
import { signIn } from './session';

/** localStorage key of the sign-up reason (apps/web/src/lib/storage.ts). */
const SIGN_UP_REASON_KEY = 'veilleurs.signUpReason';

export interface NewAccount {
  username: string;
  password: string;
}

/**
 * A brand-new validated account, through the real calls: sign-up, then the code of the mail in the
 * outbox. Its first connection is still due and its identity not sent.
 */
export async function createValidatedAccount(
  request: APIRequestContext,
  reason: 'AnnonceCreate' | 'Home',
): Promise<NewAccount> {
  const username = `e2e-profile-${randomUUID().slice(0, 10)}@example.test`;
  const password = 'Lanterne2026';
  const signUp = await request.post('/register/signUpPublic', {
    form: {
      username,
      password,
      firstname: 'Inès',
      lastname: 'Garnier',
      birthday: '1988-06-15',
      // 0612…: a range of French mobile numbers that always exists.
      phoneNumber: `0612${String(randomInt(0, 1_000_000)).padStart(6, '0')}`,
      countryCode: 'FR',
      department: '31',
      reason,
      acceptedTerms: 'true',
    },
  });
  if (!signUp.ok()) throw new Error(`sign-up failed: ${signUp.status()} ${await signUp.text()}`);
  const code = mailCode(await newestMail(username));
  const validated = await request.post('/authentication/validateAccountCode', {
    form: { code, username },
  });
  if (!validated.ok()) throw new Error(`validation failed: ${validated.status()}`);
  return { username, password };
}

/** Signs in as the login screen would: session stored, and the sign-up reason it keeps. */
export async function signInNewAccount(
  page: Page,
  request: APIRequestContext,
  account: NewAccount,
  reason: 'AnnonceCreate' | 'Home',
) {
  await signIn(page, request, account);
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    SIGN_UP_REASON_KEY,
    reason,
  ] as const);
}

/** Where the screenshots of these journeys go, to be looked at. */
export function screenshotPath(project: string, name: string): string {
  return `${process.env.E2E_SCREENSHOT_DIR ?? '/tmp/e2e-shots'}/${project}-${name}.png`;
}
