import { zodResolver } from '@hookform/resolvers/zod';
import { PasswordSchema } from '@app/domain';
import { CheckCircle2, Clock } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { useResetPassword, useResetToken } from '../api/password-reset';
import { AUTO_LOGIN_DELAY_MS } from '../auth.constants';
import { useAuthFlow } from '../hooks/use-auth-flow';
import { useLoginNavigation } from '../hooks/use-login-navigation';
import { isProfessionalRefusal, loginErrorKey, useSignIn } from '../hooks/use-sign-in';
import { Notice, PasswordField, TextField, ViewTitle } from './fields';
import { ProfessionalDialog } from './professional-dialog';

const ResetPasswordSchema = z.object({ newPassword: PasswordSchema });
type ResetPasswordValues = z.input<typeof ResetPasswordSchema>;

/** A refused reset link: its message, the "Expired session" one by default. */
function tokenErrorKey(error: unknown): string {
  if (error instanceof ApiError && error.invalidField === 'token') return error.messageKey;
  if (error instanceof ApiError && error.status === 429) return error.messageKey;
  return 'reset.token.expired.error';
}

/**
 * Reset password from the mailed link /login/resetPassword/:token/:userId (docs/product/accounts.md §2, §4):
 * the link is checked on arrival ("Expired session" with a way to ask for a new one), then the new
 * password follows the sign-up rule; success signs in after 3 s and opens Home.
 */
export function ResetPassword() {
  const { t } = useTranslation();
  const { token = '', userId = '' } = useParams();
  const check = useResetToken({ token, userId });

  if (check.isPending) {
    return (
      <>
        <ViewTitle>{t('login.component.resetPassword.title')}</ViewTitle>
        <p role="status" className="text-center text-sm text-slate-600">
          {t('auth.reset.checking')}
        </p>
      </>
    );
  }
  if (check.isError) return <ExpiredLink messageKey={tokenErrorKey(check.error)} />;
  return <ResetPasswordForm token={token} userId={userId} email={check.data.email} />;
}

function ExpiredLink({ messageKey }: { messageKey: string }) {
  const { t } = useTranslation();
  const goTo = useLoginNavigation();
  return (
    <>
      <ViewTitle>{t('auth.reset.expired.title')}</ViewTitle>
      <div className="flex flex-col items-center gap-4 text-center">
        <Clock aria-hidden="true" className="size-10 text-lantern-700" />
        <Notice tone="error">{t(messageKey)}</Notice>
        <p className="text-sm text-slate-600">{t('auth.reset.expired.help')}</p>
        <Button className="w-full" onClick={() => goTo('forgotPassword')}>
          {t('auth.reset.expired.newLink')}
        </Button>
      </div>
    </>
  );
}

function ResetPasswordForm({
  token,
  userId,
  email,
}: {
  token: string;
  userId: string;
  email: string;
}) {
  const { t } = useTranslation();
  const resetting = useResetPassword();
  const signIn = useSignIn();
  const { updateFlow } = useAuthFlow();
  const goTo = useLoginNavigation();
  const [changedTo, setChangedTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [professional, setProfessional] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ResetPasswordValues, unknown, z.output<typeof ResetPasswordSchema>>({
    resolver: zodResolver(ResetPasswordSchema),
    defaultValues: { newPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ newPassword }) => {
    setFailure(null);
    try {
      await resetting.mutateAsync({ token, userId, newPassword });
    } catch (error) {
      if (error instanceof ApiError && error.invalidField === 'newPassword') {
        setError('newPassword', { message: error.messageKey }, { shouldFocus: true });
      } else if (error instanceof ApiError && error.invalidField === 'token') {
        setFailure(error.messageKey);
      } else {
        setFailure(loginErrorKey(error));
      }
      return;
    }
    setChangedTo(newPassword);
  });

  const { mutate: signInMutate } = signIn;
  useEffect(() => {
    if (changedTo === null) return;
    const timer = setTimeout(() => {
      signInMutate(
        { username: email, password: changedTo, rememberMe: false },
        {
          onError: (error) => {
            if (isProfessionalRefusal(error)) setProfessional(true);
            else setFailure(loginErrorKey(error));
          },
        },
      );
    }, AUTO_LOGIN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [changedTo, email, signInMutate]);

  if (changedTo !== null) {
    return (
      <>
        <ViewTitle>{t('login.component.resetPassword.title')}</ViewTitle>
        <div className="flex flex-col items-center gap-4 text-center">
          <CheckCircle2 aria-hidden="true" className="size-12 text-emerald-600" />
          <Notice tone="success">
            <p className="font-semibold">{t('ChangePassword.success')}</p>
            <p>{t('auth.autoLogin.pending')}</p>
          </Notice>
          <Notice tone="error">
            {failure ? (
              <>
                <p>{t(failure)}</p>
                <button
                  type="button"
                  onClick={() => {
                    updateFlow({ email });
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
      <ViewTitle description={t('auth.reset.description')}>
        {t('login.component.resetPassword.title')}
      </ViewTitle>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
        {/* The account's address, for password managers and for the user to see. */}
        <TextField
          id="reset-email"
          label={t('auth.email.label')}
          type="email"
          autoComplete="username"
          value={email}
          readOnly
        />
        <PasswordField
          id="reset-password"
          label={t('auth.reset.newPassword')}
          autoComplete="new-password"
          required
          aria-required="true"
          hint={t('auth.password.rule')}
          error={errors.newPassword?.message}
          {...register('newPassword')}
        />
        <Notice tone="error">{failure ? t(failure) : null}</Notice>
        <Button type="submit" className="w-full" disabled={resetting.isPending}>
          {resetting.isPending ? t('common.sending') : t('auth.reset.submit')}
        </Button>
      </form>
    </>
  );
}
