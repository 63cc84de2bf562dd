import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { offThreadResolver } from '@/lib/off-thread-resolver';
import { useResendValidationMail } from '../api/account-validation';
import { useAuthFlow } from '../hooks/use-auth-flow';
import { useLoginNavigation } from '../hooks/use-login-navigation';
import { isProfessionalRefusal, loginErrorKey, useSignIn } from '../hooks/use-sign-in';
import { authFormSchemas } from './auth-form-schemas';
import { Notice, PasswordField, TextField, ViewTitle } from './fields';
import type { LoginFormOutput, LoginFormValues } from './login-form.schema';
import { ProfessionalDialog } from './professional-dialog';

const loginFormResolver = offThreadResolver<LoginFormValues, LoginFormOutput>(
  authFormSchemas.login,
);

const NOT_VALIDATED = 'account.not.validated.error';

/**
 * The login view (docs/product/accounts.md §2, §4, §8): password with a show toggle, remember-me, the
 * forgot-password link, and the resend-validation link when the account still waits for its code.
 */
export function LoginForm() {
  const { t } = useTranslation();
  const { flow, updateFlow } = useAuthFlow();
  const goTo = useLoginNavigation();
  const signIn = useSignIn();
  const resend = useResendValidationMail();
  const [failure, setFailure] = useState<string | null>(null);
  const [professional, setProfessional] = useState(false);
  const {
    register,
    handleSubmit,
    getValues,
    setFocus,
    formState: { errors },
  } = useForm<LoginFormValues, unknown, LoginFormOutput>({
    resolver: loginFormResolver,
    defaultValues: { username: flow.email, password: '', rememberMe: flow.rememberMe },
  });

  // Coming from the pre-check, the address is known: the password is what is asked.
  const prefilled = Boolean(flow.email);
  useEffect(() => {
    if (prefilled) setFocus('password');
  }, [prefilled, setFocus]);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await signIn.mutateAsync(values);
    } catch (error) {
      if (isProfessionalRefusal(error)) setProfessional(true);
      else setFailure(loginErrorKey(error));
    }
  });

  const resendValidation = async () => {
    const { username, password, rememberMe } = getValues();
    try {
      await resend.mutateAsync({ username, from: 'loginForm' });
    } catch (error) {
      setFailure(
        error instanceof ApiError && error.status === 429
          ? error.messageKey
          : 'internal.server.error',
      );
      return;
    }
    updateFlow({ email: username.trim().toLowerCase(), password, rememberMe, codeJustSent: true });
    goTo('validateAccount', { query: { username: username.trim().toLowerCase() } });
  };

  return (
    <>
      <ViewTitle>{t('login.component.login.title')}</ViewTitle>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
        <TextField
          id="login-username"
          label={t('auth.email.label')}
          type="email"
          autoComplete="username"
          required
          aria-required="true"
          error={errors.username?.message}
          {...register('username')}
        />
        <PasswordField
          id="login-password"
          label={t('auth.password.label')}
          autoComplete="current-password"
          required
          aria-required="true"
          error={errors.password?.message}
          {...register('password')}
        />
        <div className="flex flex-wrap items-center justify-between gap-2">
          <label className="flex min-h-11 items-center gap-2 text-sm text-night-900">
            <input
              type="checkbox"
              className="size-5 accent-night-900"
              {...register('rememberMe')}
            />
            {t('auth.login.rememberMe')}
          </label>
          <button
            type="button"
            onClick={() => {
              updateFlow({ email: getValues('username') });
              goTo('forgotPassword');
            }}
            className="min-h-11 text-sm font-medium text-night-700 underline underline-offset-4 hover:text-night-900"
          >
            {t('auth.login.forgotPassword')}
          </button>
        </div>
        <Notice tone="error">
          {failure ? (
            <>
              <p>{t(failure)}</p>
              {failure === NOT_VALIDATED ? (
                <button
                  type="button"
                  onClick={() => void resendValidation()}
                  disabled={resend.isPending}
                  className="mt-1 font-semibold underline underline-offset-4"
                >
                  {t('auth.login.resendValidation')}
                </button>
              ) : null}
            </>
          ) : null}
        </Notice>
        <Button type="submit" className="w-full" disabled={signIn.isPending}>
          {signIn.isPending ? t('auth.login.pending') : t('login.signIn')}
        </Button>
        <button
          type="button"
          onClick={() => goTo('redirectLoginSignUp')}
          className="mx-auto block min-h-11 text-sm font-medium text-night-700 underline underline-offset-4 hover:text-night-900"
        >
          {t('auth.changeEmail')}
        </button>
      </form>
      <ProfessionalDialog open={professional} onOpenChange={setProfessional} />
    </>
  );
}
