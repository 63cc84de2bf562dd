import {
  AdminAnnonceDetailSchema,
  AdminAnnoncePageSchema,
  AdminStatusResponseSchema,
  type AdminAnnonceSummary,
} from '@app/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { FormError, Label, Textarea } from '@/components/ui/form';
import { adminApi, type ApiError } from '../admin-api';
import { ObjectHistory } from '../components/object-history';
import {
  Card,
  Fields,
  FileLink,
  formatDate,
  Pager,
  QueryState,
  RowLink,
  ScreenTitle,
  useLabel,
} from '../components/ui';
import { usePagedQuery } from '../paged-query';

export function AnnonceTable({ items }: { items: AdminAnnonceSummary[] }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="overflow-x-auto rounded-xl border border-night-100 bg-white">
      <table className="stacked-table w-full text-left text-sm">
        <thead className="bg-night-50 text-slate-700">
          <tr>
            <th scope="col" className="px-3 py-2">
              {t('admin.annonces.col.vehicle')}
            </th>
            <th scope="col" className="px-3 py-2">
              {t('admin.annonces.col.owner')}
            </th>
            <th scope="col" className="px-3 py-2">
              {t('admin.annonces.col.city')}
            </th>
            <th scope="col" className="px-3 py-2">
              {t('admin.annonces.col.published')}
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id} className="border-t border-night-100">
              <td data-label={t('admin.annonces.col.vehicle')} className="px-3 py-2">
                <RowLink to={`/annonces/${item.id}`}>
                  {item.title || t('admin.annonces.untitled')} #{item.id}
                </RowLink>
                <span className="block text-xs text-slate-600">
                  {item.licensePlate ?? ''} {item.isComplete ? '' : t('admin.annonces.incomplete')}
                </span>
                {item.documentsToCheckAt ? (
                  <span className="mt-1 inline-block rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">
                    {t('admin.annonces.documentsToCheck')}
                  </span>
                ) : null}
              </td>
              <td data-label={t('admin.annonces.col.owner')} className="px-3 py-2">
                {item.owner.firstname} {item.owner.lastname}
                <span className="block text-xs text-slate-600">{item.owner.username}</span>
              </td>
              <td data-label={t('admin.annonces.col.city')} className="px-3 py-2">
                {item.theftCity ?? '—'}
              </td>
              <td data-label={t('admin.annonces.col.published')} className="px-3 py-2">
                {formatDate(item.publishedAt, i18n.language)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Announcements waiting for validation, oldest first. */
export function AnnonceQueueScreen() {
  const { t } = useTranslation();
  const { query, pager } = usePagedQuery({
    name: 'annonces',
    path: '/admin/api/annonces/toValidate',
    schema: AdminAnnoncePageSchema,
  });
  return (
    <>
      <ScreenTitle count={query.data?.total}>{t('admin.annonces.title')}</ScreenTitle>
      <QueryState
        isLoading={query.isLoading}
        error={query.error}
        isEmpty={query.data?.items.length === 0}
        emptyText={t('admin.annonces.empty')}
      >
        <AnnonceTable items={query.data?.items ?? []} />
        <Pager {...pager} />
      </QueryState>
    </>
  );
}

const REASONS = [
  ['identityValidated', 'admin.refuse.identity'],
  ['carteGriseValidated', 'admin.refuse.carteGrise'],
  ['plainteValidated', 'admin.refuse.plainte'],
  ['detailsValidated', 'admin.refuse.details'],
  ['photosValidated', 'admin.refuse.photos'],
] as const;

type ReasonKey = (typeof REASONS)[number][0];

function RefuseDialog({
  annonceId,
  open,
  onOpenChange,
  onDone,
}: {
  annonceId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [refused, setRefused] = useState<Record<ReasonKey, boolean>>({
    identityValidated: false,
    carteGriseValidated: false,
    plainteValidated: false,
    detailsValidated: false,
    photosValidated: false,
  });
  const [comment, setComment] = useState('');
  const mutation = useMutation({
    mutationFn: () =>
      adminApi.post(`/admin/api/annonce/${annonceId}/refuse`, {
        json: {
          identityValidated: !refused.identityValidated,
          carteGriseValidated: !refused.carteGriseValidated,
          plainteValidated: !refused.plainteValidated,
          detailsValidated: !refused.detailsValidated,
          photosValidated: !refused.photosValidated,
          commentaire: comment,
        },
        schema: AdminStatusResponseSchema,
      }),
    onSuccess: onDone,
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t('admin.refuse.title')} description={t('admin.refuse.help')}>
        <form
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            mutation.mutate();
          }}
        >
          <fieldset>
            <legend className="mb-2 text-sm font-medium">{t('admin.refuse.reasons')}</legend>
            {REASONS.map(([key, label]) => (
              <div key={key} className="flex min-h-11 items-center gap-2">
                <input
                  id={`${id}-${key}`}
                  type="checkbox"
                  className="size-5"
                  checked={refused[key]}
                  onChange={(event) => setRefused({ ...refused, [key]: event.target.checked })}
                />
                <label htmlFor={`${id}-${key}`} className="text-sm">
                  {t(label)}
                </label>
              </div>
            ))}
          </fieldset>
          <div>
            <Label htmlFor={`${id}-comment`}>{t('admin.refuse.comment')}</Label>
            <Textarea
              id={`${id}-comment`}
              rows={4}
              value={comment}
              onChange={(event) => setComment(event.target.value)}
              invalid={(mutation.error as ApiError | null)?.invalidField === 'commentaire'}
            />
          </div>
          <FormError>
            {mutation.error ? t((mutation.error as ApiError).messageKey) : null}
          </FormError>
          <Button type="submit" variant="dark" disabled={mutation.isPending}>
            {t('admin.refuse.submit')}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** One announcement: every field, photos and documents; validate or refuse with reasons. */
export function AnnonceReviewScreen() {
  const { t, i18n } = useTranslation();
  const label = useLabel();
  const { id } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [refusing, setRefusing] = useState(false);
  const query = useQuery({
    queryKey: ['admin', 'annonce', id],
    queryFn: () => adminApi.get(`/admin/api/annonce/${id}`, { schema: AdminAnnonceDetailSchema }),
  });
  const done = (messageKey: string) => {
    toast.success(t(messageKey));
    void queryClient.invalidateQueries({ queryKey: ['admin'] });
    void navigate('/annonces');
  };
  const validate = useMutation({
    mutationFn: () =>
      adminApi.post(`/admin/api/annonce/${id}/validate`, {
        json: {},
        schema: AdminStatusResponseSchema,
      }),
    onSuccess: () => done('admin.annonce.validated'),
  });
  const checked = useMutation({
    mutationFn: () =>
      adminApi.post(`/admin/api/annonce/${id}/documentsChecked`, {
        json: {},
        schema: AdminStatusResponseSchema,
      }),
    onSuccess: () => done('admin.annonce.documentsChecked'),
  });
  const a = query.data;
  return (
    <>
      <ScreenTitle>
        {a ? `${a.title || t('admin.annonces.untitled')} #${a.id}` : t('admin.annonce.title')}
      </ScreenTitle>
      <QueryState isLoading={query.isLoading} error={query.error}>
        {a ? (
          <div className="space-y-4">
            {a.documentsToCheckAt ? (
              <div
                role="status"
                className="flex flex-wrap items-center gap-3 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
              >
                <span className="font-semibold">
                  {t('admin.annonce.documentsToCheck', {
                    date: formatDate(a.documentsToCheckAt, i18n.language),
                  })}
                </span>
                {a.status !== 'TO_VALIDATE' ? (
                  <Button size="sm" onClick={() => checked.mutate()} disabled={checked.isPending}>
                    {t('admin.annonce.documentsChecked.action')}
                  </Button>
                ) : null}
              </div>
            ) : null}
            {a.status === 'TO_VALIDATE' ? (
              <div className="flex flex-wrap gap-2">
                <Button onClick={() => validate.mutate()} disabled={validate.isPending}>
                  {t('admin.annonce.validate')}
                </Button>
                <Button variant="secondary" onClick={() => setRefusing(true)}>
                  {t('admin.annonce.refuse')}
                </Button>
                <FormError>
                  {validate.error ? t((validate.error as ApiError).messageKey) : null}
                </FormError>
              </div>
            ) : (
              <p className="text-sm">
                {t('admin.annonce.status', { status: label('annonce', a.status) })}
              </p>
            )}
            <Card>
              <h2 className="mb-3 font-semibold">{t('admin.annonce.vehicle')}</h2>
              <Fields
                rows={[
                  [t('admin.field.status'), label('annonce', a.status)],
                  [t('admin.field.type'), a.vehicleType],
                  [
                    t('admin.field.brandModel'),
                    [a.brand, a.model, a.modelFinish].filter(Boolean).join(' '),
                  ],
                  [t('admin.field.plate'), a.licensePlate],
                  [t('admin.field.vin'), a.vin],
                  [t('admin.field.bicycode'), a.bicycode],
                  [t('admin.field.serial'), a.serialNumber],
                  [t('admin.field.color'), a.color],
                  [t('admin.field.energy'), a.energy],
                  [t('admin.field.fiscalPower'), a.fiscalPower],
                  [
                    t('admin.field.engraving'),
                    a.hasWindowEngraving ? t('admin.yes') : t('admin.no'),
                  ],
                  [t('admin.field.description'), a.description],
                  [t('admin.field.vehicleDescription'), a.vehicleDescription],
                  [
                    t('admin.field.address'),
                    `${a.theftAddress ?? '—'} (${a.theftDepartmentCode ?? '—'})`,
                  ],
                  [
                    t('admin.field.reward'),
                    `${a.additionnalRewardLevel} ★ · ${a.additionnalRewardAmount} €`,
                  ],
                  [t('admin.field.published'), formatDate(a.publishedAt, i18n.language)],
                  [t('admin.field.deadline'), formatDate(a.completionDeadlineAt, i18n.language)],
                ]}
              />
            </Card>
            <Card>
              <h2 className="mb-3 font-semibold">{t('admin.annonce.owner')}</h2>
              <Fields
                rows={[
                  [
                    t('admin.field.account'),
                    <RowLink key="u" to={`/users/${a.owner.id}`}>
                      {a.owner.firstname} {a.owner.lastname} ({a.owner.username})
                    </RowLink>,
                  ],
                  [t('admin.field.identityStatus'), label('identity', a.ownerIdentityStatus)],
                  [
                    t('admin.field.isOwner'),
                    a.isOwner === null ? '—' : a.isOwner ? t('admin.yes') : t('admin.no'),
                  ],
                  [
                    t('admin.field.ownerNames'),
                    [a.firstnameOwner, a.lastnameOwner].filter(Boolean).join(' ') || '—',
                  ],
                  [
                    t('admin.field.insurance'),
                    [a.insuranceCompany, a.insuranceContract].filter(Boolean).join(' · ') || '—',
                  ],
                ]}
              />
            </Card>
            <Card>
              <h2 className="mb-3 font-semibold">{t('admin.annonce.documents')}</h2>
              <ul className="space-y-2 text-sm">
                <li>
                  <FileLink file={a.documents.carteGrise} label={t('admin.doc.carteGrise')} />
                </li>
                <li>
                  <FileLink file={a.documents.plainte} label={t('admin.doc.plainte')} />
                </li>
                <li>
                  <FileLink file={a.documents.assurance} label={t('admin.doc.assurance')} />
                </li>
                <li>
                  <FileLink file={a.documents.identityRecto} label={t('admin.doc.identityRecto')} />
                </li>
                <li>
                  <FileLink file={a.documents.identityVerso} label={t('admin.doc.identityVerso')} />
                </li>
              </ul>
            </Card>
            <Card>
              <h2 className="mb-3 font-semibold">
                {t('admin.annonce.photos', { count: a.photos.length })}
              </h2>
              {a.photos.length === 0 ? (
                <p className="text-sm text-slate-600">{t('admin.annonce.noPhotos')}</p>
              ) : (
                <ul className="grid grid-cols-2 gap-2 md:grid-cols-4">
                  {a.photos.map((photo, index) => (
                    <li key={photo.id}>
                      <a href={photo.fileUrl} target="_blank" rel="noreferrer">
                        <img
                          src={photo.fileUrl}
                          alt={t('admin.annonce.photoAlt', { n: index + 1 })}
                          className="aspect-square w-full rounded-lg object-cover"
                        />
                      </a>
                    </li>
                  ))}
                </ul>
              )}
            </Card>
            {a.reviews.length > 0 ? (
              <Card>
                <h2 className="mb-3 font-semibold">{t('admin.annonce.reviews')}</h2>
                <ul className="space-y-2 text-sm">
                  {a.reviews.map((review) => (
                    <li key={review.createdAt}>
                      {formatDate(review.createdAt, i18n.language)} · {review.adminUsername ?? '—'}{' '}
                      · {label('decision', review.decision)}
                      {review.commentaire ? ` · «\u00a0${review.commentaire}\u00a0»` : ''}
                    </li>
                  ))}
                </ul>
              </Card>
            ) : null}
            <ObjectHistory objectType="Annonce" objectId={a.id} />
            <RefuseDialog
              annonceId={a.id}
              open={refusing}
              onOpenChange={setRefusing}
              onDone={() => {
                setRefusing(false);
                done('admin.annonce.refused');
              }}
            />
          </div>
        ) : null}
      </QueryState>
    </>
  );
}
