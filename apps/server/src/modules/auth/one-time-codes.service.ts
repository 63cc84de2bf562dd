import { CODE_MAX_ATTEMPTS, CODE_TTL_MS, CodeSchema } from '@app/domain';
import type { Db } from '../../db/database';
import type { OneTimeCodePurpose } from '../../db/schema/index';
import type { Clock } from '../../lib/clock';
import {
  consumeCode,
  countWrongAttempt,
  deleteCode,
  findCode,
  replaceCode,
} from './one-time-codes.repository';
import { newNumericCode, type SecretDigests } from './secret-digests';

/**
 * What checking a code found. `max-attempts`, `expired` and `missing` mean the caller must send a
 * new code (docs/product/accounts.md §4: "after 3 failed attempts a new code is sent automatically").
 */
export type CodeCheck = 'valid' | 'malformed' | 'invalid' | 'max-attempts' | 'expired' | 'missing';

/**
 * 4-digit codes (account validation by mail, login step by SMS): one live code per user and
 * purpose, 15 minutes, 3 wrong entries. The clear code leaves only through `issue`, to be sent.
 */
export function createOneTimeCodes(deps: { db: Db; digests: SecretDigests; clock: Clock }) {
  const { db, digests, clock } = deps;
  const purposeKey = (userId: number, purpose: OneTimeCodePurpose) => `code:${purpose}:${userId}`;

  return {
    /** A new code replacing any previous one; returns it in clear for the mail or SMS. */
    async issue(userId: number, purpose: OneTimeCodePurpose): Promise<string> {
      const code = newNumericCode();
      const now = clock.now();
      await replaceCode(db, {
        userId,
        purpose,
        codeHash: digests.digest(purposeKey(userId, purpose), code),
        expiresAt: new Date(now.getTime() + CODE_TTL_MS),
        createdAt: now,
      });
      return code;
    },

    /** Checks a presented code; a right one is consumed, a wrong one counts as an attempt. */
    async check(
      userId: number,
      purpose: OneTimeCodePurpose,
      presented: string,
    ): Promise<CodeCheck> {
      const parsed = CodeSchema.safeParse(presented);
      if (!parsed.success) return 'malformed';
      const row = await findCode(db, userId, purpose);
      if (!row) return 'missing';
      if (row.expiresAt.getTime() <= clock.now().getTime()) return 'expired';
      // A code that used up its attempts stays dead even if its replacement could not be sent.
      if (row.attempts >= CODE_MAX_ATTEMPTS) return 'max-attempts';
      if (digests.matches(purposeKey(userId, purpose), parsed.data, row.codeHash)) {
        // Two requests with the right code: only the one that deletes it succeeds.
        return (await consumeCode(db, row.id, row.codeHash)) ? 'valid' : 'missing';
      }
      const attempts = await countWrongAttempt(db, row.id, row.codeHash);
      if (attempts === null) return 'missing';
      return attempts >= CODE_MAX_ATTEMPTS ? 'max-attempts' : 'invalid';
    },

    async discard(userId: number, purpose: OneTimeCodePurpose): Promise<void> {
      await deleteCode(db, userId, purpose);
    },
  };
}

export type OneTimeCodes = ReturnType<typeof createOneTimeCodes>;
