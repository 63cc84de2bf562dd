import { eq } from 'drizzle-orm';
import { ADMIN_ROLES, EmailSchema, isAdmin, PasswordSchema, type Role } from '@app/domain';
import type { Db } from '../../db/database';
import { users } from '../../db/schema/index';
import { hashPassword } from '../../lib/passwords';

export type CreateAdminResult =
  | { outcome: 'created' | 'password-reset'; userId: number; username: string; role: Role }
  | { outcome: 'refused'; reason: string };

/**
 * `npm run admin:create`: creates an admin account (ROLE_SUPER_ADMIN by default), or sets a new
 * password on an existing admin. An existing individual account is never turned into an admin.
 */
export async function createAdmin(
  db: Db,
  input: { email: string; password: string; role?: Role; now?: Date },
): Promise<CreateAdminResult> {
  const email = EmailSchema.safeParse(input.email);
  if (!email.success) return { outcome: 'refused', reason: 'invalid e-mail address' };
  if (!PasswordSchema.safeParse(input.password).success) {
    return {
      outcome: 'refused',
      reason: 'weak password: at least 8 characters with a letter and a digit',
    };
  }
  const role = input.role ?? 'ROLE_SUPER_ADMIN';
  if (!ADMIN_ROLES.includes(role))
    return { outcome: 'refused', reason: `not an admin role: ${role}` };
  const username = email.data;
  const now = input.now ?? new Date();
  const passwordHash = await hashPassword(input.password);
  const [existing] = await db
    .select({ id: users.id, roles: users.roles })
    .from(users)
    .where(eq(users.username, username));
  if (existing) {
    if (!isAdmin(existing.roles)) {
      return {
        outcome: 'refused',
        reason: 'this e-mail belongs to an individual account; use another address',
      };
    }
    await db
      .update(users)
      .set({ passwordHash, failedLoginCount: 0, lockedUntil: null, updatedAt: now })
      .where(eq(users.id, existing.id));
    return { outcome: 'password-reset', userId: existing.id, username, role };
  }
  const [row] = await db
    .insert(users)
    .values({
      username,
      passwordHash,
      firstname: 'Admin',
      lastname: 'Veilleurs',
      roles: [role],
      accountValidatedAt: now,
      isFirstConnexion: false,
      identityStatus: 'ACCEPTED',
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: users.id });
  return { outcome: 'created', userId: row!.id, username, role };
}
