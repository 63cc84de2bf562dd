import { VALIDATION_CODE_RESEND_COUNTDOWN_SECONDS } from '@app/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { beforeLogin, useCheckSmsCode } from '../api/login';
import { useAuthFlow } from '../hooks/use-auth-flow';
import { useCodeEntry } from '../hooks/use-code-entry';
import { useCountdown } from '../hooks/use-countdown';
import { completeLogin, isProfessionalRefusal, loginErrorKey } from '../hooks/use-sign-in';
import { CodeBoxes } from './code-boxes';
import { Notice, ViewTitle } from './fields';
import { ProfessionalDialog } from './professional-dialog';
import { ResendButton } from './resend-button';

const ID = 'sms-code';

/**
 * The SMS-code step of the login (docs/product/accounts.md §4, docs/product/founders-decisions.md): the code texted by beforeLogin,
 * in 4 boxes that behave like the account-validation ones. Needs the credentials typed in the
 * login view; without them (page reloaded) it goes back to the start.
 */
export function SmsCodeForm() {
  const { flow, updateFlow } = useAuthFlow();
  if (!flow.email || !flow.password) return <Navigate to={paths.login.getHref()} replace />;
  return (
    <SmsCodeEntry
      username={flow.email}
      password={flow.password}
      rememberMe={flow.rememberMe}
      phoneNumber={flow.phoneNumber}
      onPhoneNumber={(phoneNumber) => updateFlow({ phoneNumber })}
    />
  );
}

function SmsCodeEntry({
  username,
  password,
  rememberMe,
  phoneNumber,
  onPhoneNumber,
}: {
  username: string;
  password: string;
  rememberMe: boolean;
  phoneNumber: string | null;
  onPhoneNumber: (phoneNumber: string | null) => void;
}) {
  const { t } = useTranslation();
  const checking = useCheckSmsCode();
  // beforeLogin has just texted a code.
  const countdown = useCountdown(VALIDATION_CODE_RESEND_COUNTDOWN_SECONDS);
  const [resending, setResending] = useState(false);
  const [professional, setProfessional] = useState(false);
  const entry = useCodeEntry({
    idPrefix: ID,
    enabled: !checking.isPending,
    onComplete: (code) => {
      checking.mutate(
        { username, password, rememberMe, code },
        {
          onSuccess: (answer) => {
            try {
              completeLogin(answer, rememberMe);
            } catch (error) {
              entry.reject(loginErrorKey(error));
            }
          },
          onError: (error) => {
            if (isProfessionalRefusal(error)) setProfessional(true);
            entry.reject(
              error instanceof ApiError && error.invalidField === 'code'
                ? error.messageKey
                : loginErrorKey(error),
            );
          },
        },
      );
    },
  });

  // Asking again goes through beforeLogin, which texts a new code.
  const resend = async () => {
    setResending(true);
    try {
      const answer = await beforeLogin({ username, password });
      onPhoneNumber(answer.phoneNumber);
      countdown.start(VALIDATION_CODE_RESEND_COUNTDOWN_SECONDS);
    } catch (error) {
      entry.reject(loginErrorKey(error));
    } finally {
      setResending(false);
    }
  };

  return (
    <>
      <ViewTitle
        description={
          phoneNumber
            ? // The masked number stays on one line.
              t('auth.sms.description', { phoneNumber: phoneNumber.replaceAll(' ', '\u00a0') })
            : t('auth.sms.descriptionNoNumber')
        }
      >
        {t('login.component.smsCode.title')}
      </ViewTitle>
      <div className="space-y-5">
        <p id={`${ID}-label`} className="text-center text-sm font-medium text-night-900">
          {t('auth.sms.codeLabel')}
        </p>
        <CodeBoxes
          idPrefix={ID}
          labelId={`${ID}-label`}
          describedById={entry.message ? `${ID}-message` : undefined}
          value={entry.code}
          onChange={entry.change}
          invalid={Boolean(entry.message)}
          busy={checking.isPending}
        />
        <p aria-live="polite" className="min-h-5 text-center text-sm text-slate-600">
          {checking.isPending ? t('auth.code.checking') : ''}
        </p>
        <Notice tone="error" id={`${ID}-message`}>
          {entry.message ? t(entry.message) : null}
        </Notice>
        <ResendButton
          label={t('auth.sms.resend')}
          remaining={countdown.remaining}
          pending={resending}
          onClick={() => void resend()}
        />
      </div>
      <ProfessionalDialog open={professional} onOpenChange={setProfessional} />
    </>
  );
}
