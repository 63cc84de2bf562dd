import * as DialogPrimitive from '@radix-ui/react-dialog';
import { Bell, Flame, MapPin, ShieldCheck, TriangleAlert } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HomeScreenSteps } from '@/components/layouts/home-screen-steps';
import { Button } from '@/components/ui/button';
import { homeScreenNeededForAlerts } from '@/lib/app-install';
import { cn } from '@/lib/cn';
import { askGeolocation, askNotificationPermission } from './browser-permissions';

/** First-connexion steps (docs/product/accounts.md §9). */
export const FIRST_CONNECTION_STEP_COUNT = 5;

type PermissionAnswer = 'granted' | 'denied' | 'default' | 'unsupported' | 'pending';

export interface FirstConnectionDialogProps {
  open: boolean;
  /** The identity must still be sent: steps 4 and 5 follow step 3. */
  needIdentity: boolean;
  /** Step 4's form; call `onSent` once the identity was accepted by the server. */
  renderIdentityForm: (onSent: () => void) => ReactNode;
  /** Step 5's "being checked" message. */
  identityInReview: ReactNode;
  /** Ends the modal (the server is told; the caller navigates). */
  onFinish: () => void;
  finishing?: boolean;
}

function StepIcon({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto flex size-16 items-center justify-center rounded-full bg-night-900 text-lantern-500 ring-8 ring-lantern-500/15">
      {children}
    </div>
  );
}

function PermissionStatus({
  answer,
  grantedKey,
}: {
  answer: PermissionAnswer;
  grantedKey: string;
}) {
  const { t } = useTranslation();
  if (answer === 'pending' || answer === 'default') return null;
  const key =
    answer === 'granted'
      ? grantedKey
      : answer === 'unsupported'
        ? 'onboarding.permission.unsupported'
        : 'autorisation.Denied';
  return (
    <p
      role="status"
      className={cn(
        'mt-3 rounded-lg px-3 py-2 text-sm',
        answer === 'granted' ? 'bg-emerald-50 text-emerald-800' : 'bg-night-50 text-night-800',
      )}
    >
      {t(key)}
    </p>
  );
}

/**
 * The first-connection modal (docs/product/accounts.md §4): 1 notifications (asked on arrival), 2 geolocation
 * (asked on arrival), 3 how it works (ends here when no identity is needed), 4 identity with the
 * pass-identity checkbox and its warning, 5 waiting for validation.
 */
export function FirstConnectionDialog({
  open,
  needIdentity,
  renderIdentityForm,
  identityInReview,
  onFinish,
  finishing = false,
}: FirstConnectionDialogProps) {
  const { t } = useTranslation();
  const id = useId();
  const [step, setStep] = useState(1);
  const [notification, setNotification] = useState<PermissionAnswer>('pending');
  const [geolocation, setGeolocation] = useState<PermissionAnswer>('pending');
  const [passIdentity, setPassIdentity] = useState(false);
  const asked = useRef({ notification: false, geolocation: false });
  const lastStep = needIdentity ? FIRST_CONNECTION_STEP_COUNT : 3;

  useEffect(() => {
    if (!open) return;
    if (step === 1 && !asked.current.notification) {
      asked.current.notification = true;
      void askNotificationPermission().then(setNotification);
    }
    if (step === 2 && !asked.current.geolocation) {
      asked.current.geolocation = true;
      void askGeolocation().then(setGeolocation);
    }
  }, [open, step]);

  const next = () => setStep((current) => Math.min(current + 1, lastStep));
  const previous = () => setStep((current) => Math.max(current - 1, 1));

  const titles: Record<number, string> = {
    1: t('onboarding.step1.title'),
    2: t('onboarding.step2.title'),
    3: t('onboarding.step3.title'),
    4: t('onboarding.step4.title'),
    5: t('onboarding.step5.title'),
  };

  return (
    <DialogPrimitive.Root
      open={open}
      onOpenChange={(next) => {
        if (!next && !finishing) onFinish();
      }}
    >
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="animate-fade-in fixed inset-0 z-50 bg-night-950/70" />
        <DialogPrimitive.Content
          aria-describedby={`${id}-progress`}
          className={cn(
            'animate-pop-in fixed inset-x-0 bottom-0 z-50 max-h-[92dvh] overflow-y-auto rounded-t-2xl bg-white p-5 shadow-2xl',
            'md:inset-auto md:top-1/2 md:left-1/2 md:w-full md:max-w-lg md:-translate-x-1/2 md:-translate-y-1/2 md:rounded-2xl md:p-6',
          )}
        >
          <p
            id={`${id}-progress`}
            className="text-xs font-semibold tracking-wide text-lantern-700 uppercase"
          >
            {t('onboarding.progress', { step, total: FIRST_CONNECTION_STEP_COUNT })}
          </p>
          <div
            className="mt-2 h-1.5 overflow-hidden rounded-full bg-night-100"
            role="progressbar"
            aria-label={t('onboarding.progress.label')}
            aria-valuemin={1}
            aria-valuemax={FIRST_CONNECTION_STEP_COUNT}
            aria-valuenow={step}
          >
            <div
              className="h-full rounded-full bg-lantern-500 transition-[width]"
              style={{ width: `${(step / FIRST_CONNECTION_STEP_COUNT) * 100}%` }}
            />
          </div>
          <DialogPrimitive.Title className="mt-5 text-center text-xl font-bold text-night-900">
            {titles[step]}
          </DialogPrimitive.Title>

          <div className="mt-4">
            {step === 1 ? (
              <div className="text-center">
                <StepIcon>
                  <Bell aria-hidden="true" className="size-8" />
                </StepIcon>
                <p className="mt-4 text-slate-700">{t('onboarding.step1.text')}</p>
                {notification === 'default' ? (
                  <Button
                    variant="secondary"
                    className="mt-3"
                    onClick={() => void askNotificationPermission().then(setNotification)}
                  >
                    {t('onboarding.step1.allow')}
                  </Button>
                ) : null}
                {notification === 'unsupported' && homeScreenNeededForAlerts() ? (
                  <div role="status" className="mt-3">
                    <HomeScreenSteps />
                  </div>
                ) : (
                  <PermissionStatus answer={notification} grantedKey="onboarding.step1.granted" />
                )}
              </div>
            ) : null}

            {step === 2 ? (
              <div className="text-center">
                <StepIcon>
                  <MapPin aria-hidden="true" className="size-8" />
                </StepIcon>
                <p className="mt-4 text-slate-700">{t('onboarding.step2.text')}</p>
                <PermissionStatus answer={geolocation} grantedKey="onboarding.step2.granted" />
              </div>
            ) : null}

            {step === 3 ? (
              <div className="text-center">
                <StepIcon>
                  <Flame aria-hidden="true" className="size-8" />
                </StepIcon>
                <p className="mt-4 text-slate-700">{t('onboarding.step3.text')}</p>
                <ul className="mt-3 space-y-1 text-left text-sm text-slate-700">
                  <li>• {t('onboarding.step3.point1')}</li>
                  <li>• {t('onboarding.step3.point2')}</li>
                  <li>• {t('onboarding.step3.point3')}</li>
                </ul>
              </div>
            ) : null}

            {step === 4 ? (
              <div>
                <div className="flex items-start gap-3">
                  <ShieldCheck
                    aria-hidden="true"
                    className="mt-0.5 size-6 shrink-0 text-night-700"
                  />
                  <p className="text-sm text-slate-700">{t('onboarding.step4.text')}</p>
                </div>
                <div className="mt-4">
                  {passIdentity ? null : renderIdentityForm(() => setStep(5))}
                </div>
                <div className="mt-4 flex items-start gap-2">
                  <input
                    id={`${id}-pass`}
                    type="checkbox"
                    checked={passIdentity}
                    onChange={(event) => setPassIdentity(event.target.checked)}
                    className="mt-1 size-5 accent-lantern-600"
                  />
                  <label htmlFor={`${id}-pass`} className="text-sm text-night-900">
                    {t('onboarding.step4.pass')}
                  </label>
                </div>
                {passIdentity ? (
                  <p
                    role="alert"
                    className="mt-3 flex gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
                  >
                    <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                    {t('onboarding.step4.warning')}
                  </p>
                ) : null}
              </div>
            ) : null}

            {step === 5 ? <div>{identityInReview}</div> : null}
          </div>

          <div className="mt-6 flex flex-col-reverse gap-2 md:flex-row md:justify-between">
            {step === 2 || step === 3 ? (
              <Button variant="secondary" onClick={previous}>
                {t('onboarding.previous')}
              </Button>
            ) : (
              <span />
            )}
            {step < 3 || (step === 3 && needIdentity) ? (
              <Button onClick={next}>{t('onboarding.next')}</Button>
            ) : null}
            {(step === 3 && !needIdentity) || step === 5 || (step === 4 && passIdentity) ? (
              <Button onClick={onFinish} disabled={finishing}>
                {step === 4 ? t('onboarding.step4.skip') : t('onboarding.finish')}
              </Button>
            ) : null}
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
