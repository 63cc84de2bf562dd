import { OFFICIAL_LINKS, POLICE_REPORT_NUMBER_MAX_LENGTH, type AnnonceDetail } from '@app/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/form';
import { OfficialLink } from '@/components/ui/official-link';
import { ApiError, api } from '@/lib/api-client';
import { annoncesAnswerSchemas } from '../api/annonces-answer-schemas';

const SAVED_TOAST_MS = 4_000;

const policeReportKey = (annonceId: number) => ['annonce', annonceId, 'policeReport'] as const;

/** The owner's police report number: kept on the announcement, seen by nobody else. */
function PoliceReportNumber({ annonceId }: { annonceId: number }) {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: policeReportKey(annonceId),
    queryFn: () =>
      api.get(`/annonce/policeReport/${annonceId}`, {
        schema: annoncesAnswerSchemas.policeReport,
        silent: true,
      }),
  });
  const [draft, setDraft] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  const value = draft ?? query.data?.policeReportNumber ?? '';
  const save = useMutation({
    mutationFn: (policeReportNumber: string) =>
      api.post('/annonce/policeReport', {
        json: { annonceId, policeReportNumber },
        schema: annoncesAnswerSchemas.policeReport,
        silent: true,
      }),
    onSuccess: (data) => {
      queryClient.setQueryData(policeReportKey(annonceId), data);
      setDraft(null);
      setInvalid(false);
      toast.success(t('official.policeReport.saved'), { duration: SAVED_TOAST_MS });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.invalidField === 'policeReportNumber')
        setInvalid(true);
      else toast.error(t('error.generic'), { duration: SAVED_TOAST_MS });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(value);
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-2" noValidate>
      <Label htmlFor={`${id}-number`} className="mb-0">
        {t('official.policeReport.label')}
      </Label>
      <p id={`${id}-help`} className="text-xs text-slate-600">
        {t('official.policeReport.help')}
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={`${id}-number`}
          name="policeReportNumber"
          value={value}
          maxLength={POLICE_REPORT_NUMBER_MAX_LENGTH}
          autoComplete="off"
          invalid={invalid}
          disabled={query.isPending}
          aria-describedby={`${id}-help${invalid ? ` ${id}-error` : ''}`}
          onChange={(event) => {
            setDraft(event.target.value);
            setInvalid(false);
          }}
        />
        <Button type="submit" disabled={save.isPending || query.isPending} className="shrink-0">
          {t('official.policeReport.save')}
        </Button>
      </div>
      {invalid ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {t('annonce.policeReportNumber.invalidFeedBack')}
        </p>
      ) : null}
    </form>
  );
}

/**
 * The official services that help with this announcement (issue 19): for the owner, the online
 * pre-complaint and the police report number, HistoVec for a registered vehicle, the bicycle
 * marking for a bike; for others, the national bicycle file's status check of a marked bike.
 */
export function OfficialChecks({ annonce }: { annonce: AnnonceDetail }) {
  const { t } = useTranslation();
  const type = annonce.vehicle.vehicleType;
  const isBike = Boolean(type?.hasBicycode);
  const isRegistered = Boolean(type?.isLicensed);
  if (!annonce.isMine && !isBike) return null;
  return (
    <section
      aria-labelledby="official-checks-title"
      className="flex flex-col gap-3 rounded-xl border border-night-100 bg-white p-4"
    >
      <h2 id="official-checks-title" className="text-base font-semibold text-night-900">
        {t('official.title')}
      </h2>
      {annonce.isMine ? (
        <>
          <div className="flex flex-col gap-1 text-sm text-night-800">
            <p>{t('official.prePlainte.text')}</p>
            <OfficialLink href={OFFICIAL_LINKS.prePlainte}>
              {t('official.prePlainte.link')}
            </OfficialLink>
          </div>
          <PoliceReportNumber annonceId={annonce.id} />
          {isRegistered ? (
            <div className="flex flex-col gap-1 text-sm text-night-800">
              <p>{t('official.histovec.text')}</p>
              <OfficialLink href={OFFICIAL_LINKS.histovec}>
                {t('official.histovec.link')}
              </OfficialLink>
            </div>
          ) : null}
          {isBike ? (
            <div className="flex flex-col gap-1 text-sm text-night-800">
              <p>{t('official.bike.ownerText')}</p>
              <OfficialLink href={OFFICIAL_LINKS.bicycode}>
                {t('official.bike.operatorLink')}
              </OfficialLink>
              <OfficialLink href={OFFICIAL_LINKS.bikeRegistryStatus}>
                {t('official.bike.statusLink')}
              </OfficialLink>
            </div>
          ) : null}
        </>
      ) : (
        <div className="flex flex-col gap-1 text-sm text-night-800">
          <p>{t('official.bike.watcherText')}</p>
          <OfficialLink href={OFFICIAL_LINKS.bikeRegistryStatus}>
            {t('official.bike.statusLink')}
          </OfficialLink>
        </div>
      )}
    </section>
  );
}
