import { VALIDATION_CODE_RESEND_COUNTDOWN_SECONDS } from '@app/domain';
import { CheckCircle2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import {
  needValidateCode,
  useResendValidationMail,
  useValidateAccountCode,
} from '../api/account-validation';
import { AUTO_LOGIN_DELAY_MS, RESENT_MESSAGE_MS } from '../auth.constants';
import { useAuthFlow } from '../hooks/use-auth-flow';
import { useCodeEntry } from '../hooks/use-code-entry';
import { useCountdown } from '../hooks/use-countdown';
import { useLoginNavigation } from '../hooks/use-login-navigation';
import { isProfessionalRefusal, loginErrorKey, useSignIn } from '../hooks/use-sign-in';
import { useTimedMessage } from '../hooks/use-timed-message';
import { CodeBoxes } from './code-boxes';
import { Notice, ViewTitle } from './fields';
import { ProfessionalDialog } from './professional-dialog';
import { ResendButton } from './resend-button';

const ID = 'validate-code';

/** The message of a refused code: the server's key when it names the code field. */
function codeErrorKey(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.invalidField === 'code' || error.status === 429) return error.messageKey;
    if (error.status === 0) return 'network.error';
  }
  return 'internal.server.error';
}

/**
 * Account validation by the mailed code (docs/product/accounts.md §4, §8): reached after sign-up (the password
 * is in memory) or from the mail's link (?username=…). Success says so, then signs in after 3 s,
 * or opens the login view with the address filled in when the password is not known.
 */
export function ValidateAccount() {
  const { flow } = useAuthFlow();
  const [params] = useSearchParams();
  const username = (params.get('username') ?? flow.email).trim().toLowerCase();
  if (!username) return <Navigate to={paths.login.getHref()} replace />;
  return <ValidateAccountEntry username={username} />;
}

function ValidateAccountEntry({ username }: { username: string }) {
  const { t } = useTranslation();
  const { flow, updateFlow } = useAuthFlow();
  const goTo = useLoginNavigation();
  const validating = useValidateAccountCode();
  const resending = useResendValidationMail();
  const signIn = useSignIn();
  const password = flow.email === username ? flow.password : null;
  // A code has just been mailed (sign-up, resend from the login view): resend waits 60 s.
  const countdown = useCountdown(flow.codeJustSent ? VALIDATION_CODE_RESEND_COUNTDOWN_SECONDS : 0);
  const resent = useTimedMessage(RESENT_MESSAGE_MS);
  const [validated, setValidated] = useState(false);
  const [loginFailure, setLoginFailure] = useState<string | null>(null);
  const [professional, setProfessional] = useState(false);

  const entry = useCodeEntry({
    idPrefix: ID,
    enabled: !validating.isPending && !validated,
    onComplete: (code) => {
      validating.mutate(
        { username, code },
        {
          onSuccess: () => setValidated(true),
          onError: (error) => entry.reject(codeErrorKey(error)),
        },
      );
    },
  });

  // From the mail's link, an account that no longer waits for a code just signs in.
  useEffect(() => {
    if (password) return;
    let cancelled = false;
    needValidateCode(username)
      .then((answer) => {
        if (!cancelled && !answer.needValidateCode) {
          updateFlow({ email: username });
          goTo('login');
        }
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
    // Once per address: the answer does not change while the screen is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [username]);

  const { mutate: signInMutate } = signIn;
  useEffect(() => {
    if (!validated) return;
    const timer = setTimeout(() => {
      if (!password) {
        updateFlow({ email: username, codeJustSent: false });
        goTo('login');
        return;
      }
      signInMutate(
        { username, password, rememberMe: flow.rememberMe },
        {
          onError: (error) => {
            if (isProfessionalRefusal(error)) setProfessional(true);
            else setLoginFailure(loginErrorKey(error));
          },
        },
      );
    }, AUTO_LOGIN_DELAY_MS);
    return () => clearTimeout(timer);
    // The automatic login runs once, when the account becomes validated.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [validated]);

  const resend = () => {
    resending.mutate(
      { username, from: 'codeScreen' },
      {
        onSuccess: () => {
          resent.show('email.resent');
          countdown.start(VALIDATION_CODE_RESEND_COUNTDOWN_SECONDS);
        },
        onError: (error) => entry.reject(codeErrorKey(error)),
      },
    );
  };

  if (validated) {
    return (
      <>
        <ViewTitle>{t('login.component.validateAccount.title')}</ViewTitle>
        <div className="flex flex-col items-center gap-4 text-center">
          <CheckCircle2 aria-hidden="true" className="size-12 text-emerald-600" />
          <Notice tone="success">
            <p className="font-semibold">{t('ValidateAccount.success')}</p>
            <p>{password ? t('auth.autoLogin.pending') : t('auth.validate.goToLogin')}</p>
          </Notice>
          <Notice tone="error">
            {loginFailure ? (
              <>
                <p>{t(loginFailure)}</p>
                <button
                  type="button"
                  onClick={() => {
                    updateFlow({ email: username });
                    goTo('login');
                  }}
                  className="mt-1 font-semibold underline underline-offset-4"
                >
                  {t('auth.backToLogin')}
                </button>
              </>
            ) : null}
          </Notice>
        </div>
        <ProfessionalDialog open={professional} onOpenChange={setProfessional} />
      </>
    );
  }

  return (
    <>
      <ViewTitle description={t('auth.validate.description', { email: username })}>
        {t('login.component.validateAccount.title')}
      </ViewTitle>
      <div className="space-y-5">
        <p id={`${ID}-label`} className="text-center text-sm font-medium text-night-900">
          {t('auth.validate.codeLabel')}
        </p>
        <CodeBoxes
          idPrefix={ID}
          labelId={`${ID}-label`}
          describedById={entry.message ? `${ID}-message` : undefined}
          value={entry.code}
          onChange={entry.change}
          invalid={Boolean(entry.message)}
          busy={validating.isPending}
        />
        <p aria-live="polite" className="min-h-5 text-center text-sm text-slate-600">
          {validating.isPending ? t('auth.code.checking') : ''}
        </p>
        <Notice tone="error" id={`${ID}-message`}>
          {entry.message ? t(entry.message) : null}
        </Notice>
        <Notice tone="success">{resent.message ? t(resent.message) : null}</Notice>
        <ResendButton
          label={t('auth.validate.resend')}
          remaining={countdown.remaining}
          pending={resending.isPending}
          onClick={resend}
        />
      </div>
    </>
  );
}
