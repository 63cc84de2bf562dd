import { lazy, Suspense, useState } from 'react';
import { useHomeInfos } from '@/features/accounts/api/get-home-infos';
import { useCurrentUserValidation } from '@/features/identity/api/get-current-user-validation';
import { useOpenIdentityDialog } from '@/features/identity/hooks/identity-dialog-store';
import { useOpenGlobalDialog } from '@/lib/dialogs';
import { withTexts } from '@/lib/i18n';
import { useCurrentUser } from '@/lib/session';

// The modals' code and texts are fetched the first time one of them is due, not with every first
// screen: their forms and answer checks took a phone's main thread for a long task just after the
// first paint (issue 17), for modals most visits never open.
const SupportDialogs = lazy(async () => ({
  default: (await withTexts(['support'], () => import('./support-dialogs'))).SupportDialogs,
}));
const AccountDialogs = lazy(async () => ({
  default: (
    await withTexts(['identity', 'onboarding', 'permissions'], () => import('./account-dialogs'))
  ).AccountDialogs,
}));

/** True from the first render where `condition` holds, and from then on (a closing modal animates). */
function useOnceTrue(condition: boolean) {
  const [was, setWas] = useState(condition);
  if (condition && !was) setWas(true);
  return was || condition;
}

/**
 * The app-wide modals, each group mounted once it is due: support and bug report when one is asked
 * for (menus, footer, the error toast); the signed-in user's identity and first-connection modals
 * when one of them is due.
 */
export function GlobalDialogs() {
  const user = useCurrentUser();
  const supportWanted = useOnceTrue(useOpenGlobalDialog() !== null);
  return (
    <>
      {supportWanted ? (
        <Suspense fallback={null}>
          <SupportDialogs />
        </Suspense>
      ) : null}
      {user ? <AccountDialogsWhenDue /> : null}
    </>
  );
}

/**
 * The identity and first-connection modals, from the first time one is opened, the identity was
 * refused or the server says the first connection is due. The two answers that decide are the
 * shell's own calls (the same requests the modals make), checked without zod.
 */
function AccountDialogsWhenDue() {
  const identityOpen = useOpenIdentityDialog() !== null;
  const validation = useCurrentUserValidation();
  const homeInfos = useHomeInfos();
  const due = useOnceTrue(
    identityOpen ||
      validation.data?.identityStatus === 'REFUSED' ||
      homeInfos.data?.isFirstConnexion === true,
  );
  if (!due) return null;
  return (
    <Suspense fallback={null}>
      <AccountDialogs />
    </Suspense>
  );
}
