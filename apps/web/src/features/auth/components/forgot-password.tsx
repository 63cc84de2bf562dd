import { zodResolver } from '@hookform/resolvers/zod';
import { EmailSchema, RESET_MAIL_RESEND_COUNTDOWN_SECONDS } from '@app/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { useSendResetPasswordMail } from '../api/password-reset';
import { useAuthFlow } from '../hooks/use-auth-flow';
import { useCountdown } from '../hooks/use-countdown';
import { useLoginNavigation } from '../hooks/use-login-navigation';
import { Notice, TextField, ViewTitle } from './fields';
import { ResendButton } from './resend-button';

const ForgotPasswordSchema = z.object({ username: EmailSchema });
type ForgotPasswordValues = z.input<typeof ForgotPasswordSchema>;

/**
 * Forgot password (docs/product/accounts.md §2, §4): the reset link is mailed, with the same message whether
 * the address has an account or not; sending again waits 10 s.
 */
export function ForgotPassword() {
  const { t } = useTranslation();
  const { flow, updateFlow } = useAuthFlow();
  const goTo = useLoginNavigation();
  const sending = useSendResetPasswordMail();
  const countdown = useCountdown();
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ForgotPasswordValues, unknown, z.output<typeof ForgotPasswordSchema>>({
    resolver: zodResolver(ForgotPasswordSchema),
    defaultValues: { username: flow.email },
  });

  const onSubmit = handleSubmit(async ({ username }) => {
    setFailure(null);
    try {
      await sending.mutateAsync(username);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        setError('username', { message: 'email.format.error' }, { shouldFocus: true });
      } else {
        setFailure(
          error instanceof ApiError && error.status === 429
            ? error.messageKey
            : error instanceof ApiError && error.status === 0
              ? 'network.error'
              : 'internal.server.error',
        );
      }
      return;
    }
    updateFlow({ email: username });
    setSent(true);
    countdown.start(RESET_MAIL_RESEND_COUNTDOWN_SECONDS);
  });

  return (
    <>
      <ViewTitle description={t('auth.forgot.description')}>
        {t('login.component.forgotPassword.title')}
      </ViewTitle>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
        <TextField
          id="forgot-email"
          label={t('auth.email.label')}
          type="email"
          autoComplete="email"
          required
          aria-required="true"
          readOnly={sent}
          error={errors.username?.message}
          {...register('username')}
        />
        <Notice tone="success">{sent ? t('reset.mail.sent') : null}</Notice>
        <Notice tone="error">{failure ? t(failure) : null}</Notice>
        {sent ? (
          <ResendButton
            label={t('auth.forgot.resend')}
            remaining={countdown.remaining}
            pending={sending.isPending}
            onClick={() => void onSubmit()}
          />
        ) : (
          <Button type="submit" className="w-full" disabled={sending.isPending}>
            {sending.isPending ? t('common.sending') : t('auth.forgot.submit')}
          </Button>
        )}
        <button
          type="button"
          onClick={() => goTo(flow.email ? 'login' : 'redirectLoginSignUp')}
          className="mx-auto block min-h-11 text-sm font-medium text-night-700 underline underline-offset-4 hover:text-night-900"
        >
          {t('auth.backToLogin')}
        </button>
      </form>
    </>
  );
}
