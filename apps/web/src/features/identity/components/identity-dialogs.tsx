import { Hourglass } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { useCurrentUserValidation } from '../api/get-current-user-validation';
import {
  closeIdentityDialog,
  openIdentityDialog,
  useOpenIdentityDialog,
} from '../hooks/identity-dialog-store';
import { IdentityFilesForm } from './identity-files-form';

/** Explains that the identity is being checked (docs/product/accounts.md §2 "identity to validate"). */
export function IdentityInReview() {
  const { t } = useTranslation();
  return (
    <div className="flex gap-3 rounded-xl bg-lantern-50 p-4 text-night-900 ring-1 ring-lantern-100">
      <Hourglass aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-lantern-700" />
      <p className="text-sm">{t('identity.toValidate.text')}</p>
    </div>
  );
}

/** The refused-identity prompt is shown once per page load. */
let promptedRefusal = false;

/** For tests: the next refused identity prompts again. */
export function resetRefusalPrompt() {
  promptedRefusal = false;
}

/**
 * The identity-to-submit and identity-to-validate modals, opened through openIdentityDialog().
 * They close on every navigation (docs/product/accounts.md §2).
 */
export function IdentityDialogs() {
  const { t } = useTranslation();
  const open = useOpenIdentityDialog();
  const location = useLocation();

  // A navigation closes them; mounting does not: they are mounted when one is first opened.
  const shownPath = useRef(location.pathname);
  useEffect(() => {
    if (shownPath.current === location.pathname) return;
    shownPath.current = location.pathname;
    closeIdentityDialog();
  }, [location.pathname]);

  // A refused identity asks for new files (docs/product/accounts.md §4): once per visit, on the home screen.
  const validation = useCurrentUserValidation();
  const refused = validation.data?.identityStatus === 'REFUSED';
  const onHome = location.pathname === '/';
  useEffect(() => {
    if (!refused || !onHome || promptedRefusal) return;
    promptedRefusal = true;
    openIdentityDialog('toSubmit');
  }, [refused, onHome]);

  const onOpenChange = (next: boolean) => {
    if (!next) closeIdentityDialog();
  };

  return (
    <>
      <Dialog open={open === 'toSubmit'} onOpenChange={onOpenChange}>
        <DialogContent
          title={t('identity.toSubmit.title')}
          description={
            refused ? t('identity.toSubmit.refused') : t('identity.toSubmit.description')
          }
        >
          <IdentityFilesForm onSent={() => openIdentityDialog('toValidate')} />
        </DialogContent>
      </Dialog>
      <Dialog open={open === 'toValidate'} onOpenChange={onOpenChange}>
        <DialogContent title={t('identity.toValidate.title')}>
          <IdentityInReview />
          <div className="mt-5 flex justify-end">
            <Button onClick={closeIdentityDialog} className="w-full md:w-auto">
              {t('identity.toValidate.ok')}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}
