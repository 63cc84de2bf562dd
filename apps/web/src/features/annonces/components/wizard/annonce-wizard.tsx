import {
  MyAnnoncesResponseSchema,
  maxDisplayedStep,
  paymentSummary,
  stepAt,
  stepNumber,
  stepOfField,
  visibleSteps,
  type AnnonceCard,
  type AnnonceDetail,
  type WizardStep,
} from '@app/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Check, CircleAlert } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useBlocker, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button, buttonClasses } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { api, ApiError } from '@/lib/api-client';
import { annonceKeys } from '../../api/annonce-keys';
import { getAnnonce, publishAnnonces, saveAnnonce } from '../../api/annonces';
import { StepAdditional } from './step-additional';
import { StepBrand, StepModel, StepVehicleType } from './step-catalog';
import { StepPapers, StepPhotos } from './step-documents';
import { StepMandatory } from './step-mandatory';
import { StepOnboarding } from './step-onboarding';
import { basketEntryOfCard, StepPayment, StepRecap } from './step-recap';
import { formatEuros, rewardAmountOf, StepReward } from './step-reward';
import {
  IncompleteDialog,
  LeaveDialog,
  PaymentPromiseDialog,
  SuccessDialog,
} from './wizard-dialogs';
import {
  buildSaveForm,
  emptyFields,
  emptyFiles,
  fromDetail,
  identifiersLine,
  stepProblems,
  type WizardFields,
  type WizardFiles,
} from './wizard-form';
import {
  clearWizardState,
  loadWizardState,
  saveWizardState,
  type PersistedWizard,
  newWizardKey,
} from './wizard-storage';
import type { BasketEntry, FieldErrors, StepProps } from './wizard-types';

const STEP_TITLES: Record<WizardStep, string> = {
  ONBOARDING: 'wizard.step.ONBOARDING',
  VEHICLE_TYPE: 'wizard.step.VEHICLE_TYPE',
  BRAND: 'wizard.step.BRAND',
  MODEL: 'wizard.step.MODEL',
  MANDATORY_FIELDS: 'wizard.step.MANDATORY_FIELDS',
  ADDITIONNAL_FIELDS: 'wizard.step.ADDITIONNAL_FIELDS',
  PHOTOS: 'wizard.step.PHOTOS',
  PAPERS: 'wizard.step.PAPERS',
  ADDITIONNAL_REWARD: 'wizard.step.ADDITIONNAL_REWARD',
  RECAP: 'wizard.step.RECAP',
  PAYMENT_SUMMARY: 'wizard.step.PAYMENT_SUMMARY',
};

/** Error names that differ from the form's field names. */
const ERROR_KEYS_OF_FIELD: Record<string, string[]> = {
  street: ['address', 'town'],
  town: ['address', 'town'],
  licensePlate: ['licensePlateConfirm'],
  licensePlateConfirm: ['licensePlate'],
  finish: ['finitions'],
  rewardLevel: ['additionnalRewardAmount', 'additionnalRewardLevel'],
  rewardAmount: ['additionnalRewardAmount'],
};

/** The problems whose fields did not change since they were found. */
function visibleErrors(
  found: { errors: FieldErrors; fields?: WizardFields; files?: WizardFiles },
  fields: WizardFields,
  files: WizardFiles,
): FieldErrors {
  if (!found.fields || !found.files) return found.errors;
  const changed = new Set<string>();
  for (const key of Object.keys(fields) as (keyof WizardFields)[]) {
    if (found.fields[key] !== fields[key]) changed.add(key);
  }
  for (const key of Object.keys(files) as (keyof WizardFiles)[]) {
    if (found.files[key] !== files[key]) changed.add(key === 'photos' ? 'vehicleFiles' : key);
  }
  for (const [field, errorKeys] of Object.entries(ERROR_KEYS_OF_FIELD)) {
    if (changed.has(field)) errorKeys.forEach((key) => changed.add(key));
  }
  return Object.fromEntries(Object.entries(found.errors).filter(([key]) => !changed.has(key)));
}

const SAVED_MARK_MS = 2_000;
const PUBLISH_ERROR_MS = 20_000;

const freshState = (
  basket: BasketEntry[] = [],
  isFast: boolean | null = null,
): PersistedWizard => ({
  version: 1,
  annonceId: null,
  isFast,
  mode: 'create',
  status: null,
  step: isFast === null ? 'ONBOARDING' : 'VEHICLE_TYPE',
  minStep: 0,
  fields: emptyFields(),
  files: emptyFiles(),
  basket,
  dirty: false,
  wizardKey: newWizardKey(),
});

/** The wizard state an existing announcement opens with (§4 "Editing"), or null if not editable. */
function stateOfDetail(
  detail: AnnonceDetail,
  basket: BasketEntry[],
  override?: { isFast: boolean; step: WizardStep },
): PersistedWizard | null {
  if (!detail.resume && !override) return null;
  const { fields, files } = fromDetail(detail);
  const isFast = override?.isFast ?? detail.isFastAnnonce;
  const resume = detail.resume ?? { step: 1, minStep: 0, mode: 'create' as const };
  return {
    version: 1,
    annonceId: detail.id,
    isFast,
    mode: resume.mode,
    status: detail.status.value,
    step: override?.step ?? stepAt(resume.step, isFast) ?? 'VEHICLE_TYPE',
    minStep: resume.minStep,
    fields,
    files,
    basket,
    dirty: false,
  };
}

function basketEntryOf(state: PersistedWizard, id: number): BasketEntry {
  const { fields, files } = state;
  const isLicensed = fields.vehicleType?.isLicensed ?? false;
  return {
    id,
    title: [fields.brand?.name, fields.model?.name].filter(Boolean).join(' '),
    identifiers: identifiersLine([
      fields.licensePlate,
      fields.vin,
      fields.bicycode,
      fields.serialNumber,
    ]),
    isLicensed,
    additionalRewardAmount: rewardAmountOf(fields.rewardLevel, fields.rewardAmount),
    isComplete: files.plainteFile !== null && (!isLicensed || files.carteGriseFile !== null),
    isFast: state.isFast ?? true,
  };
}

/**
 * Coming back to "Déclarer un vol" after leaving: the last draft is offered first, so one stolen
 * vehicle does not end up as several drafts (docs/product/founders-decisions.md "drafts").
 */
function ResumeDraft({ onResume }: { onResume: (id: number) => void }) {
  const { t } = useTranslation();
  // A comfort: no error toast when the list cannot be read, the wizard works without it.
  const mine = useQuery({
    queryKey: annonceKeys.mine(),
    queryFn: () =>
      api.get('/annonce/getMyAnnonce', { schema: MyAnnoncesResponseSchema, silent: true }),
    retry: false,
  });
  const drafts = (mine.data?.annoncesDraft ?? []).filter((card) => card.status.value === 'DRAFT');
  const last = [...drafts].sort((a, b) => b.date.localeCompare(a.date))[0];
  if (!last) return null;
  const title = last.title || t('myAnnonce.draft.untitled');
  return (
    <section
      aria-labelledby="resume-draft-title"
      className="mb-4 flex flex-col gap-2 rounded-xl border border-lantern-300 bg-lantern-50 p-4"
    >
      <h3 id="resume-draft-title" className="text-base font-semibold text-night-900">
        {t('wizard.resume.title')}
      </h3>
      <p className="text-sm text-night-800">
        {t('wizard.resume.text', { title, count: drafts.length })}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => onResume(last.id)}>{t('wizard.resume.continue')}</Button>
        {drafts.length > 1 ? (
          <Link to={paths.myAnnonce.getHref()} className={buttonClasses({ variant: 'secondary' })}>
            {t('wizard.resume.all', { count: drafts.length })}
          </Link>
        ) : null}
      </div>
      <p className="text-xs text-slate-600">{t('wizard.resume.new')}</p>
    </section>
  );
}

export interface AnnonceWizardProps {
  annonceId: number | null;
  /** Publishing needs a submitted identity: the route opens the identity modal. */
  onIdentityRequired: () => void;
}

/**
 * The creation wizard on one screen (docs/product/annonces.md §2): both sequences and counters from the domain,
 * saves at each step (check-step up to the mandatory fields), the basket, publication with the
 * payment promise. Everything typed stays in sessionStorage until published, and leaving with
 * unsaved changes asks first.
 */
export function AnnonceWizard({ annonceId, onIdentityRequired }: AnnonceWizardProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [state, setState] = useState<PersistedWizard | null>(() => {
    const stored = loadWizardState();
    if (stored && (annonceId === null || stored.annonceId === annonceId)) return stored;
    return annonceId === null ? freshState() : null;
  });
  const [loadError, setLoadError] = useState<'notEditable' | 'failed' | null>(null);
  // Problems with the input they were found in: one disappears as soon as its field changes.
  const [errorState, setErrorState] = useState<{
    errors: FieldErrors;
    fields?: WizardFields;
    files?: WizardFiles;
  }>({ errors: {} });
  const [busy, setBusy] = useState(false);
  const [mark, setMark] = useState<'saved' | 'notSaved' | null>(null);
  const [dialog, setDialog] = useState<'incomplete' | 'promise' | 'success' | null>(null);
  const [published, setPublished] = useState<{
    count: number;
    allComplete: boolean;
    canDeclareAnother: boolean;
  } | null>(null);
  const [leaving, setLeaving] = useState(false);
  const [confirmBack, setConfirmBack] = useState(false);
  // Set just before a confirmed leave, read by the blocker at navigation time.
  const leaveConfirmed = useRef(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const markTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // An existing announcement opens at its resume point (§4), unless its unsaved form is stored.
  useEffect(() => {
    if (state !== null || annonceId === null) return;
    let cancelled = false;
    getAnnonce(annonceId).then(
      (detail) => {
        if (cancelled) return;
        const next = stateOfDetail(detail, []);
        if (next) setState(next);
        else setLoadError('notEditable');
      },
      () => !cancelled && setLoadError('failed'),
    );
    return () => {
      cancelled = true;
    };
  }, [annonceId, state]);

  useEffect(() => {
    if (state && !leaving) saveWizardState(state);
  }, [state, leaving]);

  useEffect(() => () => clearTimeout(markTimer.current), []);

  const dirty = Boolean(state?.dirty) && !leaving;
  // Leaving with anything typed asks first, saved or not (a saved draft is said to be kept).
  const hasTyped =
    !leaving &&
    state !== null &&
    (state.dirty || state.annonceId !== null || state.isFast !== null);
  // Page unload (reload, closing the tab) with unsaved changes.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  // Route change (links, back arrow, browser back) with unsaved changes.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      hasTyped && !leaveConfirmed.current && currentLocation.pathname !== nextLocation.pathname,
  );

  const showMark = useCallback((value: 'saved' | 'notSaved') => {
    clearTimeout(markTimer.current);
    setMark(value);
    markTimer.current = setTimeout(() => setMark(null), SAVED_MARK_MS);
  }, []);

  const goTo = useCallback((step: WizardStep) => {
    setState((current) => (current ? { ...current, step } : current));
    window.scrollTo({ top: 0 });
    // The new step's title takes the focus, so a screen reader hears where it is.
    requestAnimationFrame(() => headingRef.current?.focus());
  }, []);

  if (loadError) {
    return (
      <div className="mx-auto flex max-w-xl flex-col gap-4 p-4">
        <p role="alert" className="rounded-xl bg-white p-4">
          {t(loadError === 'notEditable' ? 'wizard.load.notEditable' : 'wizard.load.failed')}
        </p>
        {annonceId !== null ? (
          <Button
            variant="secondary"
            onClick={() => navigate(paths.annonceShow.getHref(annonceId))}
          >
            {t('wizard.load.show')}
          </Button>
        ) : null}
      </div>
    );
  }
  if (!state) {
    return (
      <div
        className="mx-auto flex max-w-3xl flex-col gap-4 p-4"
        role="status"
        aria-label={t('wizard.loading')}
      >
        <Skeleton className="h-8 w-1/2" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }

  const errors = visibleErrors(errorState, state.fields, state.files);
  const setErrors = (next: FieldErrors) =>
    setErrorState({ errors: next, fields: state.fields, files: state.files });

  const isFast = state.isFast ?? false;
  const steps = visibleSteps(isFast, state.mode);
  const position = steps.indexOf(state.step);
  const isLast = position === steps.length - 1;
  const previousStep = position > 0 ? steps[position - 1] : undefined;
  const canGoBack = previousStep !== undefined && stepNumber(previousStep, isFast) >= state.minStep;
  const current = state.step === 'ONBOARDING' ? 0 : stepNumber(state.step, isFast);
  const max = maxDisplayedStep(isFast, state.mode);

  /** Back one page in the app, or home when the wizard was opened directly. */
  function goBack() {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else void navigate(paths.home.getHref());
  }

  const setFields = (update: SetStateAction<WizardFields>) =>
    setState((previous) =>
      previous
        ? {
            ...previous,
            dirty: true,
            fields: typeof update === 'function' ? update(previous.fields) : update,
          }
        : previous,
    );
  const setFiles = (update: SetStateAction<WizardFiles>) =>
    setState((previous) =>
      previous
        ? {
            ...previous,
            dirty: true,
            files: typeof update === 'function' ? update(previous.files) : update,
          }
        : previous,
    );

  /** A 403 naming a field: mark it and go to the step holding it (§5 "Server save 403"). */
  function showFieldError(field: string, messageKey: string) {
    const isLicensed = state?.fields.vehicleType?.isLicensed ?? false;
    const target = field === 'identity' ? null : stepOfField(field, { isLicensed });
    setErrors({ [field]: messageKey });
    if (target && steps.includes(target)) goTo(target);
    else toast.error(t(messageKey));
  }

  async function save(options: { isDraft: boolean; forceDraft?: boolean }): Promise<number | null> {
    if (!state) return null;
    const stepNo = stepNumber(state.step, isFast);
    const mode =
      state.mode === 'create' && options.isDraft && stepNo <= stepNumber('MANDATORY_FIELDS', isFast)
        ? 'checkStep'
        : 'save';
    const hasNewFiles =
      state.files.photos.some((slot) => slot.kind === 'new') ||
      (
        [
          'identityRecto',
          'identityVerso',
          'carteGriseFile',
          'plainteFile',
          'assuranceFile',
        ] as const
      ).some((slot) => state.files[slot]?.kind === 'new');
    try {
      const { id } = await saveAnnonce(
        mode,
        buildSaveForm({
          fields: state.fields,
          files: state.files,
          annonceId: state.annonceId,
          isDraft: options.isDraft,
          isFast,
          // Drafts remember the step reached; published ones keep theirs on the server.
          currentStep: Math.max(stepNo, 0),
          forceDraft: options.forceDraft,
          wizardKey: state.wizardKey,
        }),
      );
      // New files are stored now: keep them by id from here on.
      let files = state.files;
      if (hasNewFiles) {
        try {
          files = fromDetail(await getAnnonce(id)).files;
        } catch {
          files = state.files;
        }
      }
      setState((previous) =>
        previous ? { ...previous, annonceId: id, files, dirty: false } : previous,
      );
      setErrors({});
      showMark('saved');
      void queryClient.invalidateQueries({ queryKey: annonceKeys.all });
      return id;
    } catch (error) {
      showMark('notSaved');
      if (error instanceof ApiError && error.invalidField) {
        showFieldError(error.invalidField, error.messageKey);
      } else {
        toast.error(t(error instanceof ApiError ? error.messageKey : 'wizard.save.error'));
      }
      return null;
    }
  }

  function checkStep(): boolean {
    if (!state) return false;
    const problems = stepProblems(state.step, state.fields, state.files, isFast);
    if (problems.length === 0) return true;
    setErrors(Object.fromEntries(problems.map((problem) => [problem.field, problem.messageKey])));
    requestAnimationFrame(() => {
      const first = document.querySelector<HTMLElement>('[aria-invalid="true"]');
      // Centred, so the sticky Précédent / Suivant bar never covers it.
      first?.scrollIntoView?.({ block: 'center' });
      first?.focus({ preventScroll: true });
    });
    return false;
  }

  async function finishEdit() {
    if (!state || state.annonceId === null) return;
    if (!checkStep()) return;
    setBusy(true);
    const refused = state.status === 'REFUSED';
    const id = await save({ isDraft: refused });
    if (id !== null && refused) await publish([id], false);
    else if (id !== null) {
      toast.success(t('wizard.edit.saved'));
      setLeaving(true);
      // The blocker reads this render's state, where leaving is still false: say so at once.
      leaveConfirmed.current = true;
      clearWizardState();
      navigate(paths.myAnnonce.getHref());
    }
    setBusy(false);
  }

  async function next() {
    if (!state) return;
    if (state.step === 'ONBOARDING') {
      if (state.isFast === null) {
        setErrors({ onboarding: 'wizard.onboarding.required' });
        return;
      }
      goTo('VEHICLE_TYPE');
      return;
    }
    if (state.mode === 'edit' && isLast) {
      await finishEdit();
      return;
    }
    if (state.step === 'RECAP') {
      if (state.basket.length > 0) goTo('PAYMENT_SUMMARY');
      return;
    }
    if (state.step === 'PAYMENT_SUMMARY') {
      startPublish();
      return;
    }
    if (!checkStep()) return;
    setBusy(true);
    const id = await save({ isDraft: true });
    setBusy(false);
    if (id === null) return;
    const following = steps[position + 1];
    if (state.step === 'ADDITIONNAL_REWARD') {
      setState((previous) => {
        if (!previous) return previous;
        const entry = basketEntryOf({ ...previous, annonceId: id }, id);
        const basket = previous.basket.some((other) => other.id === id)
          ? previous.basket.map((other) => (other.id === id ? entry : other))
          : [...previous.basket, entry];
        return { ...previous, basket };
      });
    }
    if (following) goTo(following);
  }

  function startPublish() {
    if (!state || state.basket.length === 0) return;
    if (state.basket.some((entry) => !entry.isComplete)) setDialog('incomplete');
    else openPromiseOrPublish();
  }

  function openPromiseOrPublish() {
    if (!state) return;
    const total = paymentSummary(
      state.basket.map((entry) => ({
        isLicensed: entry.isLicensed,
        additionalRewardAmount: entry.additionalRewardAmount,
      })),
    ).total;
    if (total > 0) setDialog('promise');
    else
      void publish(
        state.basket.map((entry) => entry.id),
        true,
      );
  }

  /** §4: the reminder 24 h before the end of the 48-hour window, asked for each incomplete one. */
  async function askReminders() {
    if (!state) return;
    for (const entry of state.basket.filter((other) => !other.isComplete)) {
      try {
        const detail = await getAnnonce(entry.id);
        const { fields, files } = fromDetail(detail);
        await saveAnnonce(
          'save',
          buildSaveForm({
            fields: { ...fields, needsReminderNotification: true },
            files,
            annonceId: entry.id,
            isDraft: true,
            isFast: detail.isFastAnnonce,
            currentStep: detail.stepCreation.creationStep.step,
          }),
        );
      } catch {
        // The reminder is a comfort: publication goes on without it.
      }
    }
  }

  async function publish(ids: number[], fromBasket: boolean) {
    if (!state) return;
    setBusy(true);
    try {
      await publishAnnonces(ids);
      const allComplete = fromBasket
        ? state.basket.every((entry) => entry.isComplete)
        : basketEntryOf(state, ids[0] ?? 0).isComplete;
      setPublished({ count: ids.length, allComplete, canDeclareAnother: fromBasket });
      setLeaving(true);
      clearWizardState();
      // Behind the success modal the wizard is back at step 0, ready for another stolen vehicle.
      if (fromBasket) setState(freshState());
      void queryClient.invalidateQueries({ queryKey: annonceKeys.all });
      setDialog('success');
    } catch (error) {
      setDialog(null);
      if (error instanceof ApiError && error.messageKey === 'identity.required.error') {
        onIdentityRequired();
      } else if (error instanceof ApiError && error.invalidField && !fromBasket) {
        showFieldError(error.invalidField, error.messageKey);
      } else {
        toast.error(t('Error.title'), {
          description: t(
            error instanceof ApiError && error.status === 403
              ? error.messageKey
              : 'wizard.publish.error',
          ),
          duration: PUBLISH_ERROR_MS,
          position: 'bottom-right',
        });
      }
    } finally {
      setBusy(false);
    }
  }

  async function completeFirstIncomplete() {
    if (!state) return;
    const entry = state.basket.find((other) => !other.isComplete);
    setDialog(null);
    if (!entry) return;
    try {
      const detail = await getAnnonce(entry.id);
      // §4: choosing Complete turns a partial announcement into a complete one.
      const next = stateOfDetail(detail, state.basket, {
        isFast: false,
        step: 'ADDITIONNAL_FIELDS',
      });
      if (next) {
        setState({ ...next, dirty: true });
        goTo('ADDITIONNAL_FIELDS');
      }
    } catch {
      toast.error(t('wizard.load.failed'));
    }
  }

  async function editEntry(entry: BasketEntry) {
    if (!state) return;
    try {
      const detail = await getAnnonce(entry.id);
      const next = stateOfDetail(detail, state.basket, {
        isFast: detail.isFastAnnonce,
        step: 'MANDATORY_FIELDS',
      });
      if (next) {
        setState(next);
        goTo('MANDATORY_FIELDS');
      }
    } catch {
      toast.error(t('wizard.load.failed'));
    }
  }

  const stepProps: StepProps = {
    fields: state.fields,
    setFields,
    files: state.files,
    setFiles,
    errors,
    isFast,
  };
  const paymentTotal = formatEuros(
    paymentSummary(
      state.basket.map((entry) => ({
        isLicensed: entry.isLicensed,
        additionalRewardAmount: entry.additionalRewardAmount,
      })),
    ).total,
    i18n.language,
  );

  const nextLabel =
    state.mode === 'edit' && isLast
      ? state.status === 'REFUSED'
        ? 'wizard.publish'
        : 'wizard.save'
      : state.step === 'PAYMENT_SUMMARY'
        ? 'wizard.publish'
        : 'wizard.next';

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 pt-3 pb-32 md:pb-8">
      <div className="flex items-center justify-between gap-2">
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('wizard.leave.back')}
          onClick={() => (hasTyped ? setConfirmBack(true) : goBack())}
        >
          <ArrowLeft aria-hidden="true" className="size-5" />
        </Button>
        <p className="text-sm font-medium text-night-700" data-testid="step-counter">
          {/* The choice between fast and complete comes before step 1 (docs/product/annonces.md §2). */}
          {state.step === 'ONBOARDING'
            ? t('wizard.counter.before')
            : t('wizard.counter', { current, max })}
        </p>
        <div role="status" className="min-w-24 text-right text-sm font-medium">
          {mark === 'saved' ? (
            <span className="inline-flex items-center gap-1 text-green-800">
              <Check aria-hidden="true" className="size-4" />
              {t('wizard.mark.saved')}
            </span>
          ) : mark === 'notSaved' ? (
            <span className="inline-flex items-center gap-1 text-red-700">
              <CircleAlert aria-hidden="true" className="size-4" />
              {t('wizard.mark.notSaved')}
            </span>
          ) : null}
        </div>
      </div>
      <div className="h-1.5 w-full overflow-hidden rounded-full bg-night-100" aria-hidden="true">
        <div
          className="h-full bg-lantern-500 transition-all"
          style={{ width: `${max ? Math.round((current / max) * 100) : 0}%` }}
        />
      </div>
      <h2
        ref={headingRef}
        tabIndex={-1}
        className="text-xl font-semibold text-night-900 focus:outline-none md:text-2xl"
      >
        {t(STEP_TITLES[state.step])}
      </h2>

      <form
        noValidate
        id="annonce-wizard"
        // A focused field stays above the sticky bar on phones (and below the header).
        className="[&_:is(input,select,textarea,button,label)]:scroll-mt-24 [&_:is(input,select,textarea,button,label)]:scroll-mb-36"
        onSubmit={(event) => {
          event.preventDefault();
          void next();
        }}
      >
        {state.step === 'ONBOARDING' ? (
          <>
            {annonceId === null && state.annonceId === null && !state.dirty ? (
              <ResumeDraft
                onResume={(id) => {
                  void getAnnonce(id).then(
                    (detail) => {
                      const next = stateOfDetail(detail, state.basket);
                      if (next) {
                        setState(next);
                        goTo(next.step);
                      }
                    },
                    () => toast.error(t('wizard.load.failed')),
                  );
                }}
              />
            ) : null}
            <StepOnboarding
              isFast={state.isFast}
              onChoose={(choice) => {
                setErrors({});
                setState((previous) => (previous ? { ...previous, isFast: choice } : previous));
              }}
            />
            {errors.onboarding ? (
              <p role="alert" className="mt-3 text-sm font-medium text-red-700">
                {t(errors.onboarding)}
              </p>
            ) : null}
          </>
        ) : null}
        {state.step === 'VEHICLE_TYPE' ? <StepVehicleType {...stepProps} /> : null}
        {state.step === 'BRAND' ? <StepBrand {...stepProps} /> : null}
        {state.step === 'MODEL' ? <StepModel {...stepProps} /> : null}
        {state.step === 'MANDATORY_FIELDS' ? <StepMandatory {...stepProps} /> : null}
        {state.step === 'ADDITIONNAL_FIELDS' ? <StepAdditional {...stepProps} /> : null}
        {state.step === 'PHOTOS' ? <StepPhotos {...stepProps} /> : null}
        {state.step === 'PAPERS' ? <StepPapers {...stepProps} /> : null}
        {state.step === 'ADDITIONNAL_REWARD' ? <StepReward {...stepProps} /> : null}
        {state.step === 'RECAP' ? (
          <StepRecap
            basket={state.basket}
            onAddNew={(choice) => {
              setErrors({});
              setState((previous) => (previous ? freshState(previous.basket, choice) : previous));
              goTo('VEHICLE_TYPE');
            }}
            onAddDraft={(card: AnnonceCard) =>
              setState((previous) =>
                previous && !previous.basket.some((entry) => entry.id === card.id)
                  ? { ...previous, basket: [...previous.basket, basketEntryOfCard(card)] }
                  : previous,
              )
            }
            onEdit={(entry) => void editEntry(entry)}
            onRemove={(entry) =>
              setState((previous) =>
                previous
                  ? {
                      ...previous,
                      basket: previous.basket.filter((other) => other.id !== entry.id),
                    }
                  : previous,
              )
            }
          />
        ) : null}
        {state.step === 'PAYMENT_SUMMARY' ? <StepPayment basket={state.basket} /> : null}
      </form>

      <div className="fixed inset-x-0 bottom-0 z-30 border-t border-night-100 bg-white/95 p-3 backdrop-blur md:static md:border-0 md:bg-transparent md:p-0">
        <div className="mx-auto flex max-w-3xl gap-2">
          {canGoBack && previousStep ? (
            <Button
              variant="secondary"
              className="flex-1 md:flex-none"
              onClick={() => {
                setErrors({});
                goTo(previousStep);
              }}
            >
              {t('wizard.previous')}
            </Button>
          ) : null}
          <Button
            type="submit"
            form="annonce-wizard"
            className="flex-1 md:ml-auto md:flex-none md:px-8"
            disabled={busy || (state.step === 'RECAP' && state.basket.length === 0)}
          >
            {t(nextLabel)}
          </Button>
        </div>
      </div>

      <IncompleteDialog
        open={dialog === 'incomplete'}
        onOpenChange={(open) => !open && setDialog(null)}
        onComplete={() => void completeFirstIncomplete()}
        onPublish={(reminder) => {
          setDialog(null);
          void (async () => {
            if (reminder) await askReminders();
            openPromiseOrPublish();
          })();
        }}
      />
      <PaymentPromiseDialog
        open={dialog === 'promise'}
        onOpenChange={(open) => !open && setDialog(null)}
        total={paymentTotal}
        isPending={busy}
        variant="publish"
        onConfirm={() =>
          void publish(
            state.basket.map((entry) => entry.id),
            true,
          )
        }
      />
      <SuccessDialog
        open={dialog === 'success'}
        count={published?.count ?? 1}
        allComplete={published?.allComplete ?? true}
        onOk={() => {
          setDialog(null);
          navigate(paths.myAnnonce.getHref());
        }}
        onDeclareAnother={
          published?.canDeclareAnother
            ? () => {
                setDialog(null);
                setLeaving(false);
                headingRef.current?.focus();
              }
            : undefined
        }
      />
      <LeaveDialog
        open={blocker.state === 'blocked' || confirmBack}
        saved={!dirty && state.annonceId !== null}
        onStay={() => {
          setConfirmBack(false);
          blocker.reset?.();
        }}
        onLeave={() => {
          if (blocker.state === 'blocked') {
            blocker.proceed();
            return;
          }
          leaveConfirmed.current = true;
          setConfirmBack(false);
          goBack();
        }}
      />
    </div>
  );
}
