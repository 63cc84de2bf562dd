import { Loader2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
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

/**
 * While a modal's code is on its way (the first time, on a slow network): a sign that the press was
 * heard, where the modal will open.
 */
function ModalLoading() {
  const { t } = useTranslation();
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-6 z-50 flex justify-center md:inset-y-0 md:items-center">
      <p
        role="status"
        className="flex items-center gap-2 rounded-full bg-night-900 px-4 py-2 text-sm font-medium text-white shadow-lg"
      >
        <Loader2 aria-hidden="true" className="size-4 animate-spin" />
        {t('dialog.loading')}
      </p>
    </div>
  );
}

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
        <Suspense fallback={<ModalLoading />}>
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
    <Suspense fallback={identityOpen ? <ModalLoading /> : null}>
      <AccountDialogs />
    </Suspense>
  );
}
