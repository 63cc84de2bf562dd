// Every schema the answer check worker (app/answer-check.worker.ts) checks: the features' off-thread
// schema declarations (lib/off-thread-schema). A declaration missing here is checked by the page,
// on its main thread; answer-check-declarations.test.ts finds every one the code makes.
import { favoriteAnswerSchemas } from '@/components/annonce-card/favorite-answer-schemas';
import { accountsAnswerSchemas } from '@/features/accounts/api/accounts-answer-schemas';
import { annoncesAnswerSchemas } from '@/features/annonces/api/annonces-answer-schemas';
import { authAnswerSchemas } from '@/features/auth/api/auth-answer-schemas';
import { authFormSchemas } from '@/features/auth/components/auth-form-schemas';
import { discoveryAnswerSchemas } from '@/features/discovery/api/discovery-answer-schemas';
import { identityAnswerSchemas } from '@/features/identity/api/identity-answer-schemas';
import { notificationsAnswerSchemas } from '@/features/notifications/api/notifications-answer-schemas';
import { permissionsAnswerSchemas } from '@/features/permissions/api/permissions-answer-schemas';
import { savedSearchesAnswerSchemas } from '@/features/saved-searches/api/saved-searches-answer-schemas';
import { clientConfigAnswerSchemas } from '@/lib/client-config-answer-schemas';
import type { OffThreadSchema } from '@/lib/off-thread-schema';
import { sessionAnswerSchemas } from '@/lib/session-answer-schemas';

/**
 * The schemas a signed-in first screen waits for (the shell's calls, then the screen's own answer):
 * main.tsx has the worker fetch them at start, beside the screen's code, instead of when each
 * request is sent; on a slow network that is two or three round trips earlier. The screen is read
 * from the address's hash, as the router will; a screen not named here gets the shell's only.
 */
export function firstScreenAnswerSchemas(hash: string): OffThreadSchema<unknown>[] {
  const shell = [accountsAnswerSchemas.homeInfos, identityAnswerSchemas.currentUserValidation];
  const route = hash.replace(/^#/, '').split('?')[0] ?? '';
  // The home's and the search's answers live in one module: either fetches it.
  if (route === '' || route === '/' || route.startsWith('/search'))
    return [...shell, discoveryAnswerSchemas.homeData];
  if (route.startsWith('/annonce/show/')) return [...shell, annoncesAnswerSchemas.detail];
  return shell;
}

export const answerCheckDeclarations: readonly object[] = [
  // The shell's calls on every signed-in screen, then the first screens' own.
  sessionAnswerSchemas,
  accountsAnswerSchemas,
  identityAnswerSchemas,
  notificationsAnswerSchemas,
  permissionsAnswerSchemas,
  clientConfigAnswerSchemas,
  discoveryAnswerSchemas,
  savedSearchesAnswerSchemas,
  favoriteAnswerSchemas,
  annoncesAnswerSchemas,
  // The login screen's, signed out: its answers and its forms.
  authAnswerSchemas,
  authFormSchemas,
];
