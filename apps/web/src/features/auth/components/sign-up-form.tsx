import {
  DEFAULT_PHONE_COUNTRY,
  PHONE_COUNTRIES,
  SIGN_UP_STEP_COUNT,
  SignUpStep1Schema,
  SignUpStep3Schema,
  latestBirthdayForAge,
  makeSignUpStep2Schema,
  normalisePhoneNumber,
  type PhoneCountry,
} from '@app/domain';
import { Info } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { DateField, isoToDateText } from '@/components/ui/date-field';
import { FieldError, Label, Select } from '@/components/ui/form';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { STORAGE_KEYS, storage } from '@/lib/storage';
import { useDepartments } from '../api/get-departments';
import { useCheckSignUpStep, useSignUp, type SignUpStepNumber } from '../api/sign-up';
import { useAuthFlow } from '../hooks/use-auth-flow';
import { useLoginNavigation } from '../hooks/use-login-navigation';
import { Notice, PasswordField, TextField, ViewTitle, describedBy } from './fields';
import { ProfessionalDialog } from './professional-dialog';

/** The whole sign-up form as typed (docs/product/accounts.md §3 "Sign-up form"). */
interface SignUpValues {
  username: string;
  password: string;
  profile: 'individual' | 'professional';
  reason: '' | 'AnnonceCreate' | 'Home';
  lastname: string;
  firstname: string;
  /** "YYYY-MM-DD" from the date field, or the text typed so far. */
  birthday: string;
  phoneNumber: string;
  countryCode: PhoneCountry;
  department: string;
  acceptedTerms: boolean;
}
type FieldName = keyof SignUpValues;

/** The fields of each step, sent to /register/checkStep{n}Register. */
const STEP_FIELDS: Record<SignUpStepNumber, readonly FieldName[]> = {
  1: ['username', 'password', 'profile', 'reason'],
  2: ['lastname', 'firstname', 'birthday'],
  3: ['phoneNumber', 'countryCode', 'department', 'acceptedTerms'],
};
const stepOf = (field: string): SignUpStepNumber | null =>
  ([1, 2, 3] as const).find((step) => (STEP_FIELDS[step] as readonly string[]).includes(field)) ??
  null;

/** The domain's schema of each step: the same rules as the server (STYLE.md "one schema"). */
function stepSchema(step: SignUpStepNumber): z.ZodType {
  if (step === 1) return SignUpStep1Schema;
  if (step === 2) return makeSignUpStep2Schema(new Date());
  return SignUpStep3Schema;
}

/** Validates only the current step (passed as the form's context) with its domain schema. */
const stepResolver: Resolver<SignUpValues, { step: SignUpStepNumber }> = (values, context) => {
  const result = stepSchema(context?.step ?? 1).safeParse(values);
  if (result.success) return { values, errors: {} };
  const errors: FieldErrors<SignUpValues> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && field in values && !(field in errors)) {
      errors[field as FieldName] = { type: issue.code, message: issue.message };
    }
  }
  // The schema checks the number only once the other fields pass: say everything at once.
  if (context?.step === 3 && !errors.phoneNumber && errors.acceptedTerms) {
    const phone = values.phoneNumber.trim();
    if (!phone || !normalisePhoneNumber(phone, values.countryCode)) {
      errors.phoneNumber = {
        type: 'custom',
        message: phone ? 'phone.format.error' : 'field.required.error',
      };
    }
  }
  return { values: {}, errors };
};

/** The fields of one step as the server reads them. */
function stepPayload(step: SignUpStepNumber, values: SignUpValues) {
  const payload: Record<string, string | boolean | undefined> = {};
  for (const field of STEP_FIELDS[step]) payload[field] = values[field];
  if (step === 3) {
    payload.phoneNumber =
      normalisePhoneNumber(values.phoneNumber, values.countryCode) ?? values.phoneNumber;
    // Overseas countries are one department each: the server knows it.
    if (values.countryCode !== 'FR') delete payload.department;
  }
  return payload;
}

const COUNTRY_KEYS: Record<PhoneCountry, string> = {
  FR: 'auth.signUp.country.FR',
  RE: 'auth.signUp.country.RE',
  MQ: 'auth.signUp.country.MQ',
  GF: 'auth.signUp.country.GF',
  YT: 'auth.signUp.country.YT',
};

const linkClasses = 'font-medium text-night-700 underline underline-offset-4 hover:text-night-900';

/**
 * Sign-up in 3 steps (docs/product/accounts.md §2, §4, §5): each step follows the domain rules, then the
 * server checks it before the next one opens; a 403 puts its message under the field it names.
 * The last step creates the account and opens the code screen.
 */
export function SignUpForm() {
  const { t, i18n } = useTranslation();
  const { flow, updateFlow } = useAuthFlow();
  const goTo = useLoginNavigation();
  const [step, setStep] = useState<SignUpStepNumber>(1);
  const [failure, setFailure] = useState<string | null>(null);
  const [professional, setProfessional] = useState(false);
  const checking = useCheckSignUpStep();
  const signingUp = useSignUp();
  const {
    register,
    control,
    handleSubmit,
    setError,
    setFocus,
    setValue,
    formState: { errors },
  } = useForm<SignUpValues, { step: SignUpStepNumber }>({
    resolver: stepResolver,
    context: { step },
    defaultValues: {
      username: flow.email,
      password: '',
      profile: 'individual',
      reason: '',
      lastname: '',
      firstname: '',
      birthday: '',
      phoneNumber: '',
      countryCode: DEFAULT_PHONE_COUNTRY,
      department: '',
      acceptedTerms: false,
    },
  });
  const countryCode = useWatch({ control, name: 'countryCode' });
  const departments = useDepartments({ enabled: step === 3 && countryCode === 'FR' });

  /**
   * Opens a step and moves the focus there once it is shown: onto the field a server error names,
   * or onto the step's title, so that screen readers start reading at the new step.
   */
  const openStep = (next: SignUpStepNumber, focusField?: FieldName) => {
    setStep(next);
    setTimeout(() => {
      if (focusField) setFocus(focusField);
      else document.getElementById(`signup-step-${next}-title`)?.focus();
    }, 0);
  };

  /** A refusal from the server: under its field (opening that field's step), or for the form. */
  const showServerError = (error: unknown) => {
    if (error instanceof ApiError && error.status === 468) {
      setProfessional(true);
      return;
    }
    const fieldStep =
      error instanceof ApiError && error.invalidField ? stepOf(error.invalidField) : null;
    if (error instanceof ApiError && error.invalidField && fieldStep) {
      const field = error.invalidField as FieldName;
      setError(field, { message: error.messageKey }, { shouldFocus: fieldStep === step });
      if (fieldStep !== step) openStep(fieldStep, field);
      return;
    }
    if (error instanceof ApiError && (error.status === 401 || error.status === 404)) {
      // docs/product/accounts.md §8: back to the login view with the server's message.
      updateFlow({ email: '' });
      goTo('login');
      return;
    }
    setFailure(
      error instanceof ApiError && (error.status === 403 || error.status === 429)
        ? error.messageKey
        : error instanceof ApiError && error.status === 0
          ? 'network.error'
          : 'internal.server.error',
    );
  };

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await checking.mutateAsync({ step, fields: stepPayload(step, values) });
      if (step < SIGN_UP_STEP_COUNT) {
        openStep((step + 1) as SignUpStepNumber);
        return;
      }
      const answer = await signingUp.mutateAsync({
        ...stepPayload(1, values),
        ...stepPayload(2, values),
        ...stepPayload(3, values),
        acceptedTerms: true,
        locale: i18n.language === 'en' ? 'en' : 'fr',
      });
      // The first connection ends on the screen of this reason (docs/product/accounts.md §4).
      if (values.reason) storage.set(STORAGE_KEYS.signUpReason, values.reason);
      updateFlow({
        email: answer.username,
        password: values.password,
        rememberMe: false,
        codeJustSent: true,
      });
      goTo('validateAccount', { query: { username: answer.username } });
    } catch (error) {
      showServerError(error);
    }
  });

  const pending = checking.isPending || signingUp.isPending;
  const error = (field: FieldName) => errors[field]?.message;
  const profileField = register('profile');

  return (
    <>
      <ViewTitle>{t('login.component.signUp.title')}</ViewTitle>
      <StepProgress step={step} />
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-5 space-y-4">
        <h3
          id={`signup-step-${step}-title`}
          tabIndex={-1}
          className="text-base font-semibold text-night-900 outline-none"
        >
          {t(STEP_TITLE_KEYS[step])}
        </h3>

        {step === 1 ? (
          <>
            <TextField
              id="signup-username"
              label={t('auth.email.label')}
              type="email"
              autoComplete="email"
              required
              aria-required="true"
              error={error('username')}
              {...register('username')}
            />
            <PasswordField
              id="signup-password"
              label={t('auth.password.label')}
              autoComplete="new-password"
              required
              aria-required="true"
              hint={t('auth.password.rule')}
              error={error('password')}
              {...register('password')}
            />
            <fieldset>
              <legend className="mb-1.5 text-sm font-medium text-night-900">
                {t('auth.signUp.profile.label')}
              </legend>
              <div className="grid grid-cols-2 gap-2">
                {(['individual', 'professional'] as const).map((profile) => (
                  <label
                    key={profile}
                    className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-night-200 px-3 text-sm has-checked:border-night-900 has-checked:bg-night-50"
                  >
                    <input
                      type="radio"
                      value={profile}
                      className="size-4 accent-night-900"
                      {...profileField}
                      onChange={(event) => {
                        if (event.target.value === 'professional') {
                          // Professionals have their own site: point there, stay individual here.
                          setProfessional(true);
                          setValue('profile', 'individual');
                          return;
                        }
                        void profileField.onChange(event);
                      }}
                    />
                    {t(
                      profile === 'individual'
                        ? 'auth.signUp.profile.individual'
                        : 'auth.signUp.profile.professional',
                    )}
                  </label>
                ))}
              </div>
            </fieldset>
            <div>
              <Label htmlFor="signup-reason">{t('auth.signUp.reason.label')}</Label>
              <Select
                id="signup-reason"
                required
                aria-required="true"
                invalid={Boolean(error('reason'))}
                aria-describedby={describedBy('signup-reason', { error: error('reason') })}
                {...register('reason')}
              >
                <option value="">{t('auth.signUp.reason.placeholder')}</option>
                <option value="AnnonceCreate">{t('auth.signUp.reason.AnnonceCreate')}</option>
                <option value="Home">{t('auth.signUp.reason.Home')}</option>
              </Select>
              <FieldError id="signup-reason-error">
                {error('reason') ? t(error('reason')!) : null}
              </FieldError>
            </div>
          </>
        ) : null}

        {step === 2 ? (
          <>
            <TextField
              id="signup-lastname"
              label={t('auth.signUp.lastname')}
              autoComplete="family-name"
              required
              aria-required="true"
              error={error('lastname')}
              {...register('lastname')}
            />
            <TextField
              id="signup-firstname"
              label={t('auth.signUp.firstname')}
              autoComplete="given-name"
              required
              aria-required="true"
              error={error('firstname')}
              {...register('firstname')}
            />
            <div>
              <Label htmlFor="signup-birthday">{t('auth.signUp.birthday')}</Label>
              <Controller
                control={control}
                name="birthday"
                render={({ field }) => (
                  <DateField
                    id="signup-birthday"
                    ref={field.ref}
                    name={field.name}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    autoComplete="bday"
                    required
                    aria-required="true"
                    invalid={Boolean(error('birthday'))}
                    aria-describedby={describedBy('signup-birthday', {
                      hint: true,
                      error: error('birthday'),
                    })}
                  />
                )}
              />
              <p id="signup-birthday-hint" className="mt-1.5 text-xs text-slate-600">
                {t('auth.signUp.birthday.hint', {
                  date: isoToDateText(latestBirthdayForAge(new Date())),
                })}
              </p>
              <FieldError id="signup-birthday-error">
                {error('birthday') ? t(error('birthday')!) : null}
              </FieldError>
            </div>
            <div className="flex gap-2 rounded-lg bg-night-50 px-3 py-2 text-sm text-night-900">
              <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-night-600" />
              <p>{t('auth.signUp.privacyNote')}</p>
            </div>
          </>
        ) : null}

        {step === 3 ? (
          <>
            <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] sm:gap-2">
              <div>
                <Label htmlFor="signup-country">{t('auth.signUp.countryCode')}</Label>
                <Select
                  id="signup-country"
                  invalid={Boolean(error('countryCode'))}
                  aria-describedby={describedBy('signup-country', { error: error('countryCode') })}
                  {...register('countryCode')}
                >
                  {PHONE_COUNTRIES.map((country) => (
                    <option key={country} value={country}>
                      {t(COUNTRY_KEYS[country])}
                    </option>
                  ))}
                </Select>
              </div>
              <TextField
                id="signup-phone"
                label={t('auth.signUp.phoneNumber')}
                type="tel"
                autoComplete="tel-national"
                inputMode="tel"
                required
                aria-required="true"
                error={error('phoneNumber')}
                {...register('phoneNumber')}
              />
            </div>
            <FieldError id="signup-country-error">
              {error('countryCode') ? t(error('countryCode')!) : null}
            </FieldError>
            {countryCode === 'FR' ? (
              <div>
                <Label htmlFor="signup-department">{t('auth.signUp.department')}</Label>
                <Select
                  id="signup-department"
                  required
                  aria-required="true"
                  aria-busy={departments.isPending || undefined}
                  invalid={Boolean(error('department'))}
                  aria-describedby={describedBy('signup-department', {
                    error: error('department'),
                  })}
                  {...register('department')}
                >
                  <option value="">
                    {departments.isPending
                      ? t('auth.signUp.department.loading')
                      : t('auth.signUp.department.placeholder')}
                  </option>
                  {departments.data?.map((department) => (
                    <option key={department.value} value={department.value}>
                      {department.text}
                    </option>
                  ))}
                </Select>
                <FieldError id="signup-department-error">
                  {error('department') ? t(error('department')!) : null}
                </FieldError>
              </div>
            ) : null}
            <div>
              <label className="flex items-start gap-3 text-sm text-night-900">
                <input
                  type="checkbox"
                  required
                  aria-required="true"
                  aria-invalid={Boolean(error('acceptedTerms')) || undefined}
                  aria-describedby={describedBy('signup-terms', { error: error('acceptedTerms') })}
                  className="mt-0.5 size-5 shrink-0 accent-night-900"
                  {...register('acceptedTerms')}
                />
                <span>
                  {t('auth.signUp.terms.before')}{' '}
                  <a
                    href={`#${paths.terms.getHref()}`}
                    target="_blank"
                    rel="noopener"
                    className={linkClasses}
                  >
                    {t('auth.signUp.terms.link')}
                    <span className="sr-only"> {t('common.newTab')}</span>
                  </a>
                </span>
              </label>
              <FieldError id="signup-terms-error">
                {error('acceptedTerms') ? t(error('acceptedTerms')!) : null}
              </FieldError>
            </div>
          </>
        ) : null}

        <Notice tone="error">{failure ? t(failure) : null}</Notice>
        {/* Next first: it leads the focus order and sits on top on mobile, on the right on desktop. */}
        <div className={cn('flex gap-3', step === 1 ? 'flex-col' : 'flex-col sm:flex-row-reverse')}>
          <Button type="submit" className="flex-1" disabled={pending}>
            {pending
              ? t('auth.signUp.checking')
              : step < SIGN_UP_STEP_COUNT
                ? t('auth.signUp.next')
                : t('auth.signUp.submit')}
          </Button>
          {step > 1 ? (
            <Button
              variant="secondary"
              className="flex-1"
              disabled={pending}
              onClick={() => openStep((step - 1) as SignUpStepNumber)}
            >
              {t('auth.signUp.previous')}
            </Button>
          ) : null}
        </div>
        {step === 1 ? (
          <button
            type="button"
            onClick={() => goTo('redirectLoginSignUp')}
            className={cn('mx-auto block min-h-11 text-sm', linkClasses)}
          >
            {t('auth.changeEmail')}
          </button>
        ) : null}
      </form>
      <ProfessionalDialog open={professional} onOpenChange={setProfessional} />
    </>
  );
}

const STEP_TITLE_KEYS: Record<SignUpStepNumber, string> = {
  1: 'auth.signUp.step1.title',
  2: 'auth.signUp.step2.title',
  3: 'auth.signUp.step3.title',
};

/** The "n/3" progress bar of sign-up. */
function StepProgress({ step }: { step: SignUpStepNumber }) {
  const { t } = useTranslation();
  const label = t('auth.signUp.progress', { step, count: SIGN_UP_STEP_COUNT });
  return (
    <div className="flex items-center gap-3">
      <div
        role="progressbar"
        aria-label={t('auth.signUp.progress.label')}
        aria-valuemin={1}
        aria-valuemax={SIGN_UP_STEP_COUNT}
        aria-valuenow={step}
        aria-valuetext={label}
        className="h-2 flex-1 overflow-hidden rounded-full bg-night-100"
      >
        <div
          className="h-full rounded-full bg-lantern-500 transition-[width]"
          style={{ width: `${(step / SIGN_UP_STEP_COUNT) * 100}%` }}
        />
      </div>
      <span aria-hidden="true" className="text-sm font-semibold text-night-900 tabular-nums">
        {step}/{SIGN_UP_STEP_COUNT}
      </span>
    </div>
  );
}
