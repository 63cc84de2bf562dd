import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { useEarlyLoginTakeover } from '@/lib/early-login';
import { offThreadResolver } from '@/lib/off-thread-resolver';
import { useCheckEmail } from '../api/check-email';
import { useAuthFlow } from '../hooks/use-auth-flow';
import { useLoginNavigation } from '../hooks/use-login-navigation';
import { authFormSchemas } from './auth-form-schemas';
import { Notice, TextField, ViewTitle } from './fields';
import type { PrecheckOutput, PrecheckValues } from './precheck-form.schema';
import { ProfessionalDialog } from './professional-dialog';

const precheckResolver = offThreadResolver<PrecheckValues, PrecheckOutput>(
  authFormSchemas.precheck,
);

const EMAIL_FIELD_ID = 'precheck-email';

/**
 * The e-mail pre-check (docs/product/accounts.md §2, §4, §8): a known address goes to the login view, an
 * unknown one to sign-up with the address filled in; 468 opens the professional modal, 467 shows
 * login.email.error; a call that got no answer is only logged.
 */
export function RedirectLoginSignUp() {
  const { t } = useTranslation();
  const { flow, updateFlow } = useAuthFlow();
  const goTo = useLoginNavigation();
  const checking = useCheckEmail();
  const [alert, setAlert] = useState<string | null>(null);
  const [professional, setProfessional] = useState(false);
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors },
  } = useForm<PrecheckValues, unknown, PrecheckOutput>({
    resolver: precheckResolver,
    defaultValues: { email: flow.email },
  });

  const onSubmit = handleSubmit(async ({ email }) => {
    setAlert(null);
    let exists: boolean;
    try {
      exists = await checking.mutateAsync(email);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status === 0) {
        console.warn('E-mail pre-check got no answer', error);
        return;
      }
      if (error.status === 468) setProfessional(true);
      else if (error.status === 467) setAlert('login.email.error');
      else setAlert(error.messageKey);
      return;
    }
    updateFlow({ email, password: null });
    goTo(exists ? 'login' : 'signUp');
  });

  // The same form, shown by index.html before the app arrived: what was typed there is kept, and a
  // press on "Continuer" made there is acted on now.
  useEarlyLoginTakeover(({ values, submitted }) => {
    const typed = values[EMAIL_FIELD_ID];
    if (typed) setValue('email', typed);
    if (submitted) void onSubmit();
  });

  return (
    <>
      <ViewTitle description={t('auth.precheck.description')}>
        {t('login.component.redirectLoginSignUp.title')}
      </ViewTitle>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
        <TextField
          id={EMAIL_FIELD_ID}
          label={t('auth.email.label')}
          type="email"
          autoComplete="email"
          required
          aria-required="true"
          error={errors.email?.message}
          {...register('email')}
        />
        <Notice tone="error">{alert ? t(alert) : null}</Notice>
        <Button type="submit" className="w-full" disabled={checking.isPending}>
          {checking.isPending ? t('auth.precheck.checking') : t('auth.precheck.submit')}
        </Button>
      </form>
      <ProfessionalDialog open={professional} onOpenChange={setProfessional} />
    </>
  );
}
