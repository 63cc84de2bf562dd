import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { STORAGE_KEYS, storage } from '@/lib/storage';
import { useEndFirstConnexion, useFirstConnexionInfos } from '../api/first-connexion';
import { FirstConnectionDialog } from './first-connection-dialog';

/** Where the first connection ends, from the reason chosen at sign-up (docs/product/accounts.md §4). */
export function routeOfSignUpReason(reason: string | null): string | null {
  if (reason === 'AnnonceCreate') return paths.annonceCreate.getHref();
  if (reason === 'Home') return paths.home.getHref();
  return null;
}

/** Shows the first-connection modal while the server says it is due. */
export function FirstConnectionGate({
  renderIdentityForm,
  identityInReview,
}: {
  renderIdentityForm: (onSent: () => void) => ReactNode;
  identityInReview: ReactNode;
}) {
  const infos = useFirstConnexionInfos();
  const end = useEndFirstConnexion();
  const navigate = useNavigate();
  const [dismissed, setDismissed] = useState(false);
  // Decided once when the modal opens: sending the identity at step 4 must not skip step 5.
  const [needIdentity, setNeedIdentity] = useState<boolean | null>(null);

  const data = infos.data;
  const open = Boolean(data?.isFirstConnexion) && !dismissed;
  if (open && needIdentity === null && data) {
    setNeedIdentity(data.identityNotSubmitted || data.identityRefused);
  }

  const finish = () => {
    setDismissed(true);
    const target = routeOfSignUpReason(storage.get(STORAGE_KEYS.signUpReason));
    storage.remove(STORAGE_KEYS.signUpReason);
    end.mutate(undefined, {
      onSettled: () => {
        if (target) void navigate(target);
      },
    });
  };

  if (!open) return null;
  return (
    <FirstConnectionDialog
      open
      needIdentity={needIdentity ?? false}
      renderIdentityForm={renderIdentityForm}
      identityInReview={identityInReview}
      onFinish={finish}
      finishing={end.isPending}
    />
  );
}
