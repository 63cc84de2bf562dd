import {
  paymentSummary,
  stepAt,
  stepNumber,
  stepOfField,
  visibleSteps,
  maxDisplayedStep,
  type AnnonceCard,
  type AnnonceDetail,
  type WizardStep,
} from '@app/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker, useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { annonceKeys } from '../../api/annonce-keys';
import { getAnnonce, publishAnnonces, saveAnnonce } from '../../api/annonces';
import { basketEntryOfCard } from './step-recap';
import { formatEuros, rewardAmountOf } from './step-reward';
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
  newWizardKey,
  saveWizardState,
  type PersistedWizard,
} from './wizard-storage';
import type { BasketEntry, FieldErrors, StepProps } from './wizard-types';

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

export interface AnnonceWizardOptions {
  annonceId: number | null;
  /** Publishing needs a submitted identity: the route opens the identity modal. */
  onIdentityRequired: () => void;
}

/**
 * The announcement wizard's state and logic (docs/product/annonces.md §2), apart from its screen:
 * both sequences and counters from the domain, saves at each step (check-step up to the mandatory
 * fields), the basket, publication with the payment promise, and leaving. Everything typed stays
 * in sessionStorage under one wizard key until published; leaving with anything typed asks first
 * (the route blocker, and a ref the blocker reads at navigation time once a leave is confirmed).
 */
export function useAnnonceWizard({ annonceId, onIdentityRequired }: AnnonceWizardOptions) {
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
    return {
      status: 'failed' as const,
      loadError,
      /** The announcement's own page, when the wizard was opened on one. */
      showAnnonce:
        annonceId !== null ? () => void navigate(paths.annonceShow.getHref(annonceId)) : null,
    };
  }
  if (!state) return { status: 'loading' as const };

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

  /** Publishes the whole basket (after the payment promise when there is something to pay). */
  const publishBasket = () =>
    void publish(
      state.basket.map((entry) => entry.id),
      true,
    );

  return {
    status: 'ready' as const,
    state,
    errors,
    stepProps,
    busy,
    mark,
    dialog,
    published,
    headingRef,
    /** The step counter: 0 before step 1, out of `max`. */
    current,
    max,
    previousStep: canGoBack ? previousStep : undefined,
    nextLabel,
    paymentTotal,
    /** The "last draft" offer shows on a fresh wizard only. */
    offersResume: annonceId === null && state.annonceId === null && !state.dirty,
    submit: () => void next(),
    /** The back arrow: asks first when anything was typed. */
    back: () => (hasTyped ? setConfirmBack(true) : goBack()),
    previous: () => {
      if (!previousStep) return;
      setErrors({});
      goTo(previousStep);
    },
    resumeDraft: (id: number) => {
      void getAnnonce(id).then(
        (detail) => {
          const resumed = stateOfDetail(detail, state.basket);
          if (resumed) {
            setState(resumed);
            goTo(resumed.step);
          }
        },
        () => toast.error(t('wizard.load.failed')),
      );
    },
    chooseFast: (choice: boolean) => {
      setErrors({});
      setState((previous) => (previous ? { ...previous, isFast: choice } : previous));
    },
    basket: {
      addNew: (choice: boolean) => {
        setErrors({});
        setState((previous) => (previous ? freshState(previous.basket, choice) : previous));
        goTo('VEHICLE_TYPE');
      },
      addDraft: (card: AnnonceCard) =>
        setState((previous) =>
          previous && !previous.basket.some((entry) => entry.id === card.id)
            ? { ...previous, basket: [...previous.basket, basketEntryOfCard(card)] }
            : previous,
        ),
      edit: (entry: BasketEntry) => void editEntry(entry),
      remove: (entry: BasketEntry) =>
        setState((previous) =>
          previous
            ? { ...previous, basket: previous.basket.filter((other) => other.id !== entry.id) }
            : previous,
        ),
    },
    closeDialog: () => setDialog(null),
    incomplete: {
      complete: () => void completeFirstIncomplete(),
      publish: (reminder: boolean) => {
        setDialog(null);
        void (async () => {
          if (reminder) await askReminders();
          openPromiseOrPublish();
        })();
      },
    },
    publishBasket,
    success: {
      ok: () => {
        setDialog(null);
        void navigate(paths.myAnnonce.getHref());
      },
      declareAnother: published?.canDeclareAnother
        ? () => {
            setDialog(null);
            setLeaving(false);
            headingRef.current?.focus();
          }
        : undefined,
    },
    leave: {
      open: blocker.state === 'blocked' || confirmBack,
      /** A saved draft is said to be kept. */
      saved: !dirty && state.annonceId !== null,
      stay: () => {
        setConfirmBack(false);
        blocker.reset?.();
      },
      confirm: () => {
        if (blocker.state === 'blocked') {
          blocker.proceed();
          return;
        }
        leaveConfirmed.current = true;
        setConfirmBack(false);
        goBack();
      },
    },
  };
}

export type AnnonceWizardModel = Extract<ReturnType<typeof useAnnonceWizard>, { status: 'ready' }>;
