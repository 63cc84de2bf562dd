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
import { sessionAnswerSchemas } from '@/lib/session-answer-schemas';

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
