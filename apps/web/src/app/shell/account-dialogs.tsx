import { IdentityDialogs, IdentityInReview } from '@/features/identity/components/identity-dialogs';
import { IdentityFilesForm } from '@/features/identity/components/identity-files-form';
import { FirstConnectionGate } from '@/features/onboarding/components/first-connection-gate';
import { useCurrentUser } from '@/lib/session';

/**
 * The signed-in user's own modals: identity to submit / to validate, and the first-connection
 * modal whose identity steps reuse the identity form.
 */
export function AccountDialogs() {
  const user = useCurrentUser();
  if (!user) return null;
  return (
    <>
      <IdentityDialogs />
      <FirstConnectionGate
        renderIdentityForm={(onSent) => <IdentityFilesForm onSent={onSent} />}
        identityInReview={<IdentityInReview />}
      />
    </>
  );
}
