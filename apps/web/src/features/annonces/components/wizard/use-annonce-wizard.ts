import {
  paymentSummary,
  stepNumber,
  stepOfField,
  visibleSteps,
  maxDisplayedStep,
  type AnnonceCard,
  type WizardStep,
} from '@app/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker, useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { annonceKeys } from '../../api/annonce-keys';
import { getAnnonce, publishAnnonces, saveAnnonce } from '../../api/annonces';
import { basketEntryOfCard } from './step-recap';
import { formatEuros } from './step-reward';
import { useWizardValues } from './use-wizard-values';
import { buildSaveForm, emptyFields, emptyFiles, fromDetail } from './wizard-form';
import {
  basketEntryOf,
  freshState,
  metaOf,
  stateOfDetail,
  valuesOf,
  type WizardMeta,
} from './wizard-state';
import {
  clearWizardState,
  loadWizardState,
  saveWizardState,
  type PersistedWizard,
} from './wizard-storage';
import type { BasketEntry, StepProps } from './wizard-types';

const SAVED_MARK_MS = 2_000;
const PUBLISH_ERROR_MS = 20_000;

export interface AnnonceWizardOptions {
  annonceId: number | null;
  /** Publishing needs a submitted identity: the route opens the identity modal. */
  onIdentityRequired: () => void;
}

/**
 * The announcement wizard's state and logic (docs/product/annonces.md §2), apart from its screen:
 * both sequences and counters from the domain, saves at each step (check-step up to the mandatory
 * fields), the basket, publication with the payment promise, and leaving. The values typed live in
 * react-hook-form (useWizardValues); the step, the basket and the wizard key beside them. All of it
 * stays in sessionStorage under one wizard key until published; leaving with anything typed asks
 * first (the route blocker, and a ref the blocker reads at navigation time once a leave is
 * confirmed).
 */
export function useAnnonceWizard({ annonceId, onIdentityRequired }: AnnonceWizardOptions) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // What the wizard opens with: the unsaved form stored in this tab, else a fresh one (creation).
  const [opening] = useState<PersistedWizard | null>(() => {
    const stored = loadWizardState();
    if (stored && (annonceId === null || stored.annonceId === annonceId)) return stored;
    return annonceId === null ? freshState() : null;
  });
  const [meta, setMeta] = useState<WizardMeta | null>(() => opening && metaOf(opening));
  const isFast = meta?.isFast ?? false;
  const form = useWizardValues({
    initial: opening ? valuesOf(opening) : { fields: emptyFields(), files: emptyFiles() },
    check: { step: meta?.step ?? 'ONBOARDING', isFast },
    onChange: () =>
      setMeta((current) => (current && !current.dirty ? { ...current, dirty: true } : current)),
  });
  const { values, errors } = form;
  const [loadError, setLoadError] = useState<'notEditable' | 'failed' | null>(null);
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

  /** Another announcement, or a fresh wizard, in place of this one. */
  const replace = (next: PersistedWizard) => {
    setMeta(metaOf(next));
    form.replace(valuesOf(next));
  };

  // An existing announcement opens at its resume point (§4), unless its unsaved form is stored.
  const { replace: replaceValues } = form;
  useEffect(() => {
    if (meta !== null || annonceId === null) return;
    let cancelled = false;
    getAnnonce(annonceId).then(
      (detail) => {
        if (cancelled) return;
        const next = stateOfDetail(detail, []);
        if (next) {
          setMeta(metaOf(next));
          replaceValues(valuesOf(next));
        } else setLoadError('notEditable');
      },
      () => !cancelled && setLoadError('failed'),
    );
    return () => {
      cancelled = true;
    };
  }, [annonceId, meta, replaceValues]);

  // Everything typed is kept in the tab at each change (the values are watched), until published.
  useEffect(() => {
    if (meta && !leaving) saveWizardState({ ...meta, ...values });
  }, [meta, values, leaving]);

  useEffect(() => () => clearTimeout(markTimer.current), []);

  const dirty = Boolean(meta?.dirty) && !leaving;
  // Leaving with anything typed asks first, saved or not (a saved draft is said to be kept).
  const hasTyped =
    !leaving && meta !== null && (meta.dirty || meta.annonceId !== null || meta.isFast !== null);
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
    setMeta((current) => (current ? { ...current, step } : current));
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
  if (!meta) return { status: 'loading' as const };

  const steps = visibleSteps(isFast, meta.mode);
  const position = steps.indexOf(meta.step);
  const isLast = position === steps.length - 1;
  const previousStep = position > 0 ? steps[position - 1] : undefined;
  const canGoBack = previousStep !== undefined && stepNumber(previousStep, isFast) >= meta.minStep;
  const current = meta.step === 'ONBOARDING' ? 0 : stepNumber(meta.step, isFast);
  const max = maxDisplayedStep(isFast, meta.mode);

  /** Back one page in the app, or home when the wizard was opened directly. */
  function goBack() {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else void navigate(paths.home.getHref());
  }

  /** A 403 naming a field: mark it and go to the step holding it (§5 "Server save 403"). */
  function showFieldError(field: string, messageKey: string) {
    const isLicensed = form.getValues().fields.vehicleType?.isLicensed ?? false;
    const target = field === 'identity' ? null : stepOfField(field, { isLicensed });
    form.showProblem(field, messageKey);
    if (target && steps.includes(target)) goTo(target);
    else toast.error(t(messageKey));
  }

  async function save(options: { isDraft: boolean; forceDraft?: boolean }): Promise<number | null> {
    if (!meta) return null;
    const { fields, files } = form.getValues();
    const stepNo = stepNumber(meta.step, isFast);
    const mode =
      meta.mode === 'create' && options.isDraft && stepNo <= stepNumber('MANDATORY_FIELDS', isFast)
        ? 'checkStep'
        : 'save';
    const hasNewFiles =
      files.photos.some((slot) => slot.kind === 'new') ||
      (
        [
          'identityRecto',
          'identityVerso',
          'carteGriseFile',
          'plainteFile',
          'assuranceFile',
        ] as const
      ).some((slot) => files[slot]?.kind === 'new');
    try {
      const { id } = await saveAnnonce(
        mode,
        buildSaveForm({
          fields,
          files,
          annonceId: meta.annonceId,
          isDraft: options.isDraft,
          isFast,
          // Drafts remember the step reached; published ones keep theirs on the server.
          currentStep: Math.max(stepNo, 0),
          forceDraft: options.forceDraft,
          wizardKey: meta.wizardKey,
        }),
      );
      // New files are stored now: keep them by id from here on.
      if (hasNewFiles) {
        try {
          form.setStoredFiles(fromDetail(await getAnnonce(id)).files);
        } catch {
          // Kept as picked: the next save sends them again.
        }
      }
      setMeta((previous) => (previous ? { ...previous, annonceId: id, dirty: false } : previous));
      form.clearProblems();
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

  async function finishEdit() {
    if (!meta || meta.annonceId === null) return;
    if (!(await form.check())) return;
    setBusy(true);
    const refused = meta.status === 'REFUSED';
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
    if (!meta) return;
    if (meta.step === 'ONBOARDING') {
      if (meta.isFast === null) {
        form.showProblem('onboarding', 'wizard.onboarding.required');
        return;
      }
      goTo('VEHICLE_TYPE');
      return;
    }
    if (meta.mode === 'edit' && isLast) {
      await finishEdit();
      return;
    }
    if (meta.step === 'RECAP') {
      if (meta.basket.length > 0) goTo('PAYMENT_SUMMARY');
      return;
    }
    if (meta.step === 'PAYMENT_SUMMARY') {
      startPublish();
      return;
    }
    if (!(await form.check())) return;
    setBusy(true);
    const id = await save({ isDraft: true });
    setBusy(false);
    if (id === null) return;
    const following = steps[position + 1];
    if (meta.step === 'ADDITIONNAL_REWARD') {
      const entry = basketEntryOf(form.getValues(), meta.isFast, id);
      setMeta((previous) => {
        if (!previous) return previous;
        const basket = previous.basket.some((other) => other.id === id)
          ? previous.basket.map((other) => (other.id === id ? entry : other))
          : [...previous.basket, entry];
        return { ...previous, basket };
      });
    }
    if (following) goTo(following);
  }

  function startPublish() {
    if (!meta || meta.basket.length === 0) return;
    if (meta.basket.some((entry) => !entry.isComplete)) setDialog('incomplete');
    else openPromiseOrPublish();
  }

  function openPromiseOrPublish() {
    if (!meta) return;
    const total = paymentSummary(
      meta.basket.map((entry) => ({
        isLicensed: entry.isLicensed,
        additionalRewardAmount: entry.additionalRewardAmount,
      })),
    ).total;
    if (total > 0) setDialog('promise');
    else
      void publish(
        meta.basket.map((entry) => entry.id),
        true,
      );
  }

  /** §4: the reminder 24 h before the end of the 48-hour window, asked for each incomplete one. */
  async function askReminders() {
    if (!meta) return;
    for (const entry of meta.basket.filter((other) => !other.isComplete)) {
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
    if (!meta) return;
    setBusy(true);
    try {
      await publishAnnonces(ids);
      const allComplete = fromBasket
        ? meta.basket.every((entry) => entry.isComplete)
        : basketEntryOf(form.getValues(), meta.isFast, ids[0] ?? 0).isComplete;
      setPublished({ count: ids.length, allComplete, canDeclareAnother: fromBasket });
      setLeaving(true);
      clearWizardState();
      // Behind the success modal the wizard is back at step 0, ready for another stolen vehicle.
      if (fromBasket) replace(freshState());
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
    if (!meta) return;
    const entry = meta.basket.find((other) => !other.isComplete);
    setDialog(null);
    if (!entry) return;
    try {
      const detail = await getAnnonce(entry.id);
      // §4: choosing Complete turns a partial announcement into a complete one.
      const next = stateOfDetail(detail, meta.basket, {
        isFast: false,
        step: 'ADDITIONNAL_FIELDS',
      });
      if (next) {
        replace({ ...next, dirty: true });
        goTo('ADDITIONNAL_FIELDS');
      }
    } catch {
      toast.error(t('wizard.load.failed'));
    }
  }

  async function editEntry(entry: BasketEntry) {
    if (!meta) return;
    try {
      const detail = await getAnnonce(entry.id);
      const next = stateOfDetail(detail, meta.basket, {
        isFast: detail.isFastAnnonce,
        step: 'MANDATORY_FIELDS',
      });
      if (next) {
        replace(next);
        goTo('MANDATORY_FIELDS');
      }
    } catch {
      toast.error(t('wizard.load.failed'));
    }
  }

  const stepProps: StepProps = {
    fields: values.fields,
    files: values.files,
    update: form.update,
    updateFiles: form.updateFiles,
    errors,
    isFast,
  };
  const paymentTotal = formatEuros(
    paymentSummary(
      meta.basket.map((entry) => ({
        isLicensed: entry.isLicensed,
        additionalRewardAmount: entry.additionalRewardAmount,
      })),
    ).total,
    i18n.language,
  );

  const nextLabel =
    meta.mode === 'edit' && isLast
      ? meta.status === 'REFUSED'
        ? 'wizard.publish'
        : 'wizard.save'
      : meta.step === 'PAYMENT_SUMMARY'
        ? 'wizard.publish'
        : 'wizard.next';

  /** Publishes the whole basket (after the payment promise when there is something to pay). */
  const publishBasket = () =>
    void publish(
      meta.basket.map((entry) => entry.id),
      true,
    );

  return {
    status: 'ready' as const,
    state: meta,
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
    offersResume: annonceId === null && meta.annonceId === null && !meta.dirty,
    submit: () => void next(),
    /** The back arrow: asks first when anything was typed. */
    back: () => (hasTyped ? setConfirmBack(true) : goBack()),
    previous: () => {
      if (!previousStep) return;
      form.clearProblems();
      goTo(previousStep);
    },
    resumeDraft: (id: number) => {
      void getAnnonce(id).then(
        (detail) => {
          const resumed = stateOfDetail(detail, meta.basket);
          if (resumed) {
            replace(resumed);
            goTo(resumed.step);
          }
        },
        () => toast.error(t('wizard.load.failed')),
      );
    },
    chooseFast: (choice: boolean) => {
      form.clearProblems();
      setMeta((previous) => (previous ? { ...previous, isFast: choice } : previous));
    },
    basket: {
      addNew: (choice: boolean) => {
        replace(freshState(meta.basket, choice));
        goTo('VEHICLE_TYPE');
      },
      addDraft: (card: AnnonceCard) =>
        setMeta((previous) =>
          previous && !previous.basket.some((entry) => entry.id === card.id)
            ? { ...previous, basket: [...previous.basket, basketEntryOfCard(card)] }
            : previous,
        ),
      edit: (entry: BasketEntry) => void editEntry(entry),
      remove: (entry: BasketEntry) =>
        setMeta((previous) =>
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
      saved: !dirty && meta.annonceId !== null,
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
