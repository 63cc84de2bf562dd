import { useEffect, useState } from 'react';
import { useHomeInfos } from '@/features/accounts/api/get-home-infos';
import { useCurrentUserValidation } from '@/features/identity/api/get-current-user-validation';
import {
  closeIdentityDialog,
  useOpenIdentityDialog,
} from '@/features/identity/hooks/identity-dialog-store';
import { closeGlobalDialog, useOpenGlobalDialog } from '@/lib/dialogs';
import { withTexts } from '@/lib/i18n';
import { useCurrentUser } from '@/lib/session';
import { ModalCode } from './modal-code';

// The modals' code and texts are fetched the first time one of them is due, not with every first
// screen: their forms and answer checks took a phone's main thread for a long task just after the
// first paint (issue 17), for modals most visits never open.
const loadSupportDialogs = async () => ({
  default: (await withTexts(['support'], () => import('./support-dialogs'))).SupportDialogs,
});
const loadAccountDialogs = async () => ({
  default: (
    await withTexts(['identity', 'onboarding', 'permissions'], () => import('./account-dialogs'))
  ).AccountDialogs,
});

/**
 * Mounted from the first render where `due` holds (a closing modal still animates), until
 * `giveUp` is called.
 */
function useMountedOnceDue(due: boolean) {
  const [mounted, setMounted] = useState(due);
  if (due && !mounted) setMounted(true);
  return { mounted: mounted || due, giveUp: () => setMounted(false) };
}

/**
 * The app-wide modals, each group mounted once it is due: support and bug report when one is asked
 * for (menus, footer, the error toast); the signed-in user's identity and first-connection modals
 * when one of them is due.
 */
export function GlobalDialogs() {
  const user = useCurrentUser();
  const support = useMountedOnceDue(useOpenGlobalDialog() !== null);
  // Signed out with an identity modal open: the next person to sign in on this page must not find it.
  const signedIn = Boolean(user);
  useEffect(() => {
    if (!signedIn) closeIdentityDialog();
  }, [signedIn]);
  return (
    <>
      {support.mounted ? (
        <ModalCode
          load={loadSupportDialogs}
          loading
          onUnavailable={() => {
            closeGlobalDialog();
            support.giveUp();
          }}
        />
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
  // Once their code could not come, the modals that come by themselves wait for the next visit;
  // one opened by a press tries again.
  const [cameBySelfFailed, setCameBySelfFailed] = useState(false);
  const comesBySelf =
    validation.data?.identityStatus === 'REFUSED' || homeInfos.data?.isFirstConnexion === true;
  const account = useMountedOnceDue(identityOpen || (comesBySelf && !cameBySelfFailed));
  if (!account.mounted) return null;
  return (
    // A modal that comes by itself needs no sign that a press was heard.
    <ModalCode
      load={loadAccountDialogs}
      loading={identityOpen}
      onUnavailable={() => {
        closeIdentityDialog();
        setCameBySelfFailed(true);
        account.giveUp();
      }}
    />
  );
}
