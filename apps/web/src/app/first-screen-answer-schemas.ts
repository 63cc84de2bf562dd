// The first screen's answer schemas, apart from answer-check-declarations.ts: the app's entry
// needs these few, not every feature's declarations (the worker's list, with the login screen's
// forms and their messages).
import { accountsAnswerSchemas } from '@/features/accounts/api/accounts-answer-schemas';
import { annoncesAnswerSchemas } from '@/features/annonces/api/annonces-answer-schemas';
import { discoveryAnswerSchemas } from '@/features/discovery/api/discovery-answer-schemas';
import { identityAnswerSchemas } from '@/features/identity/api/identity-answer-schemas';
import type { OffThreadSchema } from '@/lib/off-thread-schema';

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
