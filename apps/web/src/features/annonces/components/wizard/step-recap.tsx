import { paymentSummary, type AnnonceCard } from '@app/domain';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { FilePlus2, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AnnoncePhotoPlaceholder } from '@/components/annonce-card/annonce-card';
import { Button } from '@/components/ui/button';
import { useDraftsReadyToPublish } from '../../api/annonces';
import { formatEuros } from './step-reward';
import { identifiersLine } from './wizard-form';
import type { BasketEntry } from './wizard-types';

/** A draft from the server as a basket line. */
export function basketEntryOfCard(card: AnnonceCard): BasketEntry {
  return {
    id: card.id,
    title: card.title,
    identifiers: identifiersLine([card.licensePlate, card.vin, card.bicycode, card.serialNumber]),
    isLicensed: card.vehicleType?.isLicensed ?? false,
    additionalRewardAmount: card.additionnalRewardAmount,
    isComplete: card.isComplete,
    isFast: card.isFastAnnonce,
  };
}

/** The full-screen picker of drafts ready to publish, without those already in the basket. */
function DraftPicker({
  open,
  onOpenChange,
  excluded,
  onPick,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  excluded: number[];
  onPick: (card: AnnonceCard) => void;
}) {
  const { t } = useTranslation();
  const drafts = useDraftsReadyToPublish(open);
  const available = (drafts.data ?? []).filter((card) => !excluded.includes(card.id));
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Content
          aria-describedby={undefined}
          className="fixed inset-0 z-50 flex flex-col overflow-y-auto bg-night-50"
        >
          <div className="mx-auto flex w-full max-w-3xl flex-1 flex-col gap-4 p-4 md:p-8">
            <DialogPrimitive.Title className="text-xl font-semibold">
              {t('wizard.drafts.title')}
            </DialogPrimitive.Title>
            {drafts.isLoading ? (
              <p role="status">{t('wizard.loading')}</p>
            ) : available.length === 0 ? (
              <p className="rounded-xl bg-white p-6 text-center text-night-700">
                {t('wizard.drafts.empty')}
              </p>
            ) : (
              <ul className="flex flex-col gap-3">
                {available.map((card) => {
                  const photo = card.vehicleFiles[0];
                  return (
                    <li key={card.id}>
                      <button
                        type="button"
                        onClick={() => onPick(card)}
                        className="flex w-full items-center gap-3 rounded-xl border border-night-100 bg-white p-2 text-left hover:border-night-300"
                      >
                        {photo ? (
                          <img
                            src={photo.thumbnailUrl}
                            alt=""
                            className="size-20 shrink-0 rounded-lg object-cover"
                          />
                        ) : (
                          <AnnoncePhotoPlaceholder className="size-20 shrink-0 rounded-lg" />
                        )}
                        <span className="flex min-w-0 flex-col">
                          <span className="font-semibold">{card.title}</span>
                          <span className="text-sm text-night-700">
                            {[
                              card.vehicleType?.name,
                              identifiersLine([
                                card.licensePlate,
                                card.vin,
                                card.bicycode,
                                card.serialNumber,
                              ]),
                            ]
                              .filter(Boolean)
                              .join(' · ')}
                          </span>
                          {card.address ? (
                            <span className="truncate text-sm text-slate-600">{card.address}</span>
                          ) : null}
                        </span>
                      </button>
                    </li>
                  );
                })}
              </ul>
            )}
            <DialogPrimitive.Close asChild>
              <Button variant="secondary" className="mt-auto self-center">
                {t('common.close')}
              </Button>
            </DialogPrimitive.Close>
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

/** The basket: announcements to publish together; add another, add a draft, edit, remove. */
export function StepRecap({
  basket,
  onAddNew,
  onAddDraft,
  onEdit,
  onRemove,
}: {
  basket: BasketEntry[];
  onAddNew: (isFast: boolean) => void;
  onAddDraft: (card: AnnonceCard) => void;
  onEdit: (entry: BasketEntry) => void;
  onRemove: (entry: BasketEntry) => void;
}) {
  const { t } = useTranslation();
  const [picking, setPicking] = useState(false);
  const drafts = useDraftsReadyToPublish();
  const readyCount = (drafts.data ?? []).filter(
    (card) => !basket.some((entry) => entry.id === card.id),
  ).length;
  return (
    <div className="flex flex-col gap-4">
      {basket.length === 0 ? (
        <p className="rounded-xl bg-night-50 p-4 text-sm">{t('wizard.recap.empty')}</p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label={t('wizard.recap.list')}>
          {basket.map((entry) => (
            <li
              key={entry.id}
              className="flex items-center justify-between gap-2 rounded-xl border border-night-100 bg-white p-3"
            >
              <span className="min-w-0">
                <span className="block font-semibold">{entry.title}</span>
                <span className="block font-mono text-sm break-all text-night-700">
                  {entry.identifiers || t('annonceCard.notProvided')}
                </span>
                <span className="block text-xs text-slate-600">
                  {t(entry.isComplete ? 'wizard.recap.complete' : 'wizard.recap.incomplete')}
                </span>
              </span>
              <span className="flex shrink-0">
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={t('wizard.recap.edit', { title: entry.title })}
                  onClick={() => onEdit(entry)}
                >
                  <Pencil aria-hidden="true" className="size-4" />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={t('wizard.recap.remove', { title: entry.title })}
                  onClick={() => onRemove(entry)}
                >
                  <Trash2 aria-hidden="true" className="size-4 text-red-700" />
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-col gap-2 md:flex-row md:flex-wrap">
        <Button variant="secondary" onClick={() => onAddNew(true)}>
          <Plus aria-hidden="true" className="size-4" />
          {t('wizard.recap.addFast')}
        </Button>
        <Button variant="secondary" onClick={() => onAddNew(false)}>
          <Plus aria-hidden="true" className="size-4" />
          {t('wizard.recap.addComplete')}
        </Button>
        {/* Offered only when a draft can be added: "(0)" would be a button that leads nowhere. */}
        {readyCount > 0 ? (
          <Button variant="secondary" onClick={() => setPicking(true)}>
            <FilePlus2 aria-hidden="true" className="size-4" />
            {t('wizard.recap.addDraft', { count: readyCount })}
          </Button>
        ) : null}
      </div>
      <DraftPicker
        open={picking}
        onOpenChange={setPicking}
        excluded={basket.map((entry) => entry.id)}
        onPick={(card) => {
          onAddDraft(card);
          setPicking(false);
        }}
      />
    </div>
  );
}

/** Counts and the total owed only if the vehicles are found (domain pricing). */
export function StepPayment({ basket }: { basket: BasketEntry[] }) {
  const { t, i18n } = useTranslation();
  const summary = paymentSummary(
    basket.map((entry) => ({
      isLicensed: entry.isLicensed,
      additionalRewardAmount: entry.additionalRewardAmount,
    })),
  );
  const rows = [
    ['wizard.payment.total.annonces', String(summary.totalAnnonces)],
    ['wizard.payment.licensed', String(summary.licensed)],
    ['wizard.payment.unlicensed', String(summary.unlicensed)],
    ['wizard.payment.rewards', formatEuros(summary.additionalRewards, i18n.language)],
  ] as const;
  return (
    <div className="flex flex-col gap-4">
      <dl className="divide-y divide-night-100 overflow-hidden rounded-xl border border-night-100 bg-white">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4 p-3 text-sm">
            <dt>{t(label)}</dt>
            <dd className="font-semibold">{value}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-4 bg-night-50 p-3 text-base">
          <dt className="font-semibold">{t('wizard.payment.total')}</dt>
          <dd className="font-bold" data-testid="payment-total">
            {formatEuros(summary.total, i18n.language)}
          </dd>
        </div>
      </dl>
      <p className="text-sm text-night-700">{t('wizard.payment.explain')}</p>
    </div>
  );
}
