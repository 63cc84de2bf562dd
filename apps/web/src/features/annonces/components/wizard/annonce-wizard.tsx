import { MyAnnoncesResponseSchema, type WizardStep } from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Check, CircleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { annonceKeys } from '../../api/annonce-keys';
import { StepAdditional } from './step-additional';
import { StepBrand, StepModel, StepVehicleType } from './step-catalog';
import { StepPapers, StepPhotos } from './step-documents';
import { StepMandatory } from './step-mandatory';
import { StepOnboarding } from './step-onboarding';
import { StepPayment, StepRecap } from './step-recap';
import { StepReward } from './step-reward';
import { useAnnonceWizard, type AnnonceWizardOptions } from './use-annonce-wizard';
import {
  IncompleteDialog,
  LeaveDialog,
  PaymentPromiseDialog,
  SuccessDialog,
} from './wizard-dialogs';

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

export type AnnonceWizardProps = AnnonceWizardOptions;

/**
 * The creation wizard on one screen (docs/product/annonces.md §2); its state, saves, publication
 * and leave warning live in useAnnonceWizard, this draws them.
 */
export function AnnonceWizard(props: AnnonceWizardProps) {
  const { t } = useTranslation();
  const wizard = useAnnonceWizard(props);

  if (wizard.status === 'failed') {
    return (
      <div className="mx-auto flex max-w-xl flex-col gap-4 p-4">
        <p role="alert" className="rounded-xl bg-white p-4">
          {t(wizard.loadError === 'notEditable' ? 'wizard.load.notEditable' : 'wizard.load.failed')}
        </p>
        {wizard.showAnnonce ? (
          <Button variant="secondary" onClick={wizard.showAnnonce}>
            {t('wizard.load.show')}
          </Button>
        ) : null}
      </div>
    );
  }
  if (wizard.status === 'loading') {
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

  const { state, errors, stepProps, mark, current, max, headingRef } = wizard;

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 pt-3 pb-32 md:pb-8">
      <div className="flex items-center justify-between gap-2">
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('wizard.leave.back')}
          onClick={wizard.back}
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
          wizard.submit();
        }}
      >
        {state.step === 'ONBOARDING' ? (
          <>
            {wizard.offersResume ? <ResumeDraft onResume={wizard.resumeDraft} /> : null}
            <StepOnboarding isFast={state.isFast} onChoose={wizard.chooseFast} />
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
            onAddNew={wizard.basket.addNew}
            onAddDraft={wizard.basket.addDraft}
            onEdit={wizard.basket.edit}
            onRemove={wizard.basket.remove}
          />
        ) : null}
        {state.step === 'PAYMENT_SUMMARY' ? <StepPayment basket={state.basket} /> : null}
      </form>

      <div className="fixed inset-x-0 bottom-0 z-30 border-t border-night-100 bg-white/95 p-3 backdrop-blur md:static md:border-0 md:bg-transparent md:p-0">
        <div className="mx-auto flex max-w-3xl gap-2">
          {wizard.previousStep ? (
            <Button variant="secondary" className="flex-1 md:flex-none" onClick={wizard.previous}>
              {t('wizard.previous')}
            </Button>
          ) : null}
          <Button
            type="submit"
            form="annonce-wizard"
            className="flex-1 md:ml-auto md:flex-none md:px-8"
            disabled={wizard.busy || (state.step === 'RECAP' && state.basket.length === 0)}
          >
            {t(wizard.nextLabel)}
          </Button>
        </div>
      </div>

      <IncompleteDialog
        open={wizard.dialog === 'incomplete'}
        onOpenChange={(open) => !open && wizard.closeDialog()}
        onComplete={wizard.incomplete.complete}
        onPublish={wizard.incomplete.publish}
      />
      <PaymentPromiseDialog
        open={wizard.dialog === 'promise'}
        onOpenChange={(open) => !open && wizard.closeDialog()}
        total={wizard.paymentTotal}
        isPending={wizard.busy}
        variant="publish"
        onConfirm={wizard.publishBasket}
      />
      <SuccessDialog
        open={wizard.dialog === 'success'}
        count={wizard.published?.count ?? 1}
        allComplete={wizard.published?.allComplete ?? true}
        onOk={wizard.success.ok}
        onDeclareAnother={wizard.success.declareAnother}
      />
      <LeaveDialog
        open={wizard.leave.open}
        saved={wizard.leave.saved}
        onStay={wizard.leave.stay}
        onLeave={wizard.leave.confirm}
      />
    </div>
  );
}
