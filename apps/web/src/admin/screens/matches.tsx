import {
  AdminMatchActionResponseSchema,
  AdminMatchPageSchema,
  AdminMatchSchema,
} from '@app/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { FormError, Input, Label, Textarea } from '@/components/ui/form';
import { adminApi, type ApiError } from '../admin-api';
import {
  Card,
  Fields,
  formatDate,
  Pager,
  QueryState,
  RowLink,
  ScreenTitle,
  useLabel,
} from '../components/ui';
import { usePagedQuery } from '../paged-query';

type Status = 'TO_VALIDATE' | 'VALIDATED';

/** Reports to validate, and validated ones waiting for the vehicle's return. */
export function MatchQueueScreen() {
  const { t, i18n } = useTranslation();
  const label = useLabel();
  const [status, setStatus] = useState<Status>('TO_VALIDATE');
  const { query, setPage, pager } = usePagedQuery({
    name: 'matches',
    path: '/admin/api/matches',
    schema: AdminMatchPageSchema,
    filters: { status },
  });
  return (
    <>
      <ScreenTitle count={query.data?.total}>{t('admin.matches.title')}</ScreenTitle>
      <div role="group" aria-label={t('admin.matches.filter')} className="mb-4 flex gap-2">
        {(['TO_VALIDATE', 'VALIDATED'] as const).map((value) => (
          <Button
            key={value}
            size="sm"
            variant={status === value ? 'dark' : 'secondary'}
            aria-pressed={status === value}
            onClick={() => {
              setStatus(value);
              setPage(1);
            }}
          >
            {label('matchFilter', value)}
          </Button>
        ))}
      </div>
      <QueryState
        isLoading={query.isLoading}
        error={query.error}
        isEmpty={query.data?.items.length === 0}
        emptyText={t('admin.matches.empty')}
      >
        <ul className="space-y-2">
          {query.data?.items.map((match) => (
            <li key={match.id} className="rounded-xl border border-night-100 bg-white p-3 text-sm">
              <RowLink to={`/matches/${match.id}`}>
                {t('admin.matches.item', { id: match.id, title: match.annonce.title })}
              </RowLink>
              <span className="block text-slate-700">
                {match.watcher.username} · {match.address} ·{' '}
                {formatDate(match.createdAt, i18n.language)}
              </span>
            </li>
          ))}
        </ul>
        <Pager {...pager} />
      </QueryState>
    </>
  );
}

/** Who the owner said found the vehicle (issue 19), when not thanks to this report. */
const OWNER_FOUND_KEYS: Record<string, string> = {
  WATCHER: 'admin.match.ownerFound.WATCHER',
  POLICE: 'admin.match.ownerFound.POLICE',
  OWNER: 'admin.match.ownerFound.OWNER',
};

/** One report: validate, refuse or mark invalid; once validated, the vehicle's return. */
export function MatchReviewScreen() {
  const { t, i18n } = useTranslation();
  const label = useLabel();
  const { id } = useParams();
  const formId = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [comment, setComment] = useState('');
  const [restitutionDate, setRestitutionDate] = useState('');
  const [destroyed, setDestroyed] = useState(false);
  const query = useQuery({
    queryKey: ['admin', 'match', id],
    queryFn: () => adminApi.get(`/admin/api/match/${id}`, { schema: AdminMatchSchema }),
  });
  const action = useMutation({
    mutationFn: ({ path, body }: { path: string; body?: unknown }) =>
      adminApi.post(`/admin/api/match/${id}/${path}`, {
        json: body ?? {},
        schema: AdminMatchActionResponseSchema,
      }),
    onSuccess: () => {
      toast.success(t('admin.saved'));
      void queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
  });
  const m = query.data;
  const error = action.error as ApiError | null;
  return (
    <>
      <ScreenTitle>{t('admin.match.title', { id })}</ScreenTitle>
      <QueryState isLoading={query.isLoading} error={query.error}>
        {m ? (
          <div className="space-y-4">
            <Card>
              <Fields
                rows={[
                  [t('admin.field.status'), label('match', m.status)],
                  [
                    t('admin.match.annonce'),
                    <RowLink
                      key="a"
                      to={`/annonces/${m.annonce.id}`}
                    >{`${m.annonce.title} #${m.annonce.id} (${label('annonce', m.annonce.status)})`}</RowLink>,
                  ],
                  [t('admin.field.plate'), m.annonce.licensePlate],
                  ...(m.annonce.found
                    ? [
                        [
                          t('admin.match.ownerFound'),
                          t(
                            m.annonce.found.thanksToThisReport
                              ? 'admin.match.ownerFound.thisReport'
                              : (OWNER_FOUND_KEYS[m.annonce.found.foundBy] ??
                                  'admin.match.ownerFound'),
                            { date: formatDate(m.annonce.found.foundAt, i18n.language) },
                          ),
                        ] as [string, string],
                      ]
                    : []),
                  [t('admin.match.owner'), m.annonce.owner.username],
                  [
                    t('admin.match.watcher'),
                    <RowLink key="w" to={`/users/${m.watcher.id}`}>
                      {m.watcher.username}
                    </RowLink>,
                  ],
                  [
                    t('admin.match.seen'),
                    `${m.address} · ${formatDate(m.createdAt, i18n.language)}`,
                  ],
                  [t('admin.match.vehicle'), m.vehicle],
                  [t('admin.field.color'), m.color],
                  [t('admin.field.vin'), m.vin],
                  [t('admin.field.description'), m.description],
                  [t('admin.field.reward'), `${m.annonce.additionnalRewardAmount} €`],
                  [t('admin.match.lampions'), m.lampionsGained],
                  [t('admin.match.money'), m.moneyGained === null ? '—' : `${m.moneyGained} €`],
                  [t('admin.match.restitution'), formatDate(m.restitutionDate, i18n.language)],
                ]}
              />
            </Card>
            {m.photos.length > 0 ? (
              <Card>
                <ul className="grid grid-cols-2 gap-2 md:grid-cols-4">
                  {m.photos.map((photo, index) => (
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
              </Card>
            ) : null}
            <FormError>{error ? t(error.messageKey) : null}</FormError>
            {m.status === 'TO_VALIDATE' || m.status === 'VALIDATED' ? (
              <Card>
                <h2 className="mb-3 font-semibold">{t('admin.match.decision')}</h2>
                <div className="mb-3">
                  <Label htmlFor={`${formId}-comment`}>{t('admin.match.comment')}</Label>
                  <Textarea
                    id={`${formId}-comment`}
                    rows={2}
                    value={comment}
                    onChange={(event) => setComment(event.target.value)}
                  />
                </div>
                <div className="flex flex-wrap gap-2">
                  {m.status === 'TO_VALIDATE' ? (
                    <Button onClick={() => action.mutate({ path: 'validate' })}>
                      {t('admin.match.validate')}
                    </Button>
                  ) : null}
                  <Button
                    variant="secondary"
                    onClick={() =>
                      action.mutate({
                        path: 'refuse',
                        body: { invalid: false, commentaire: comment },
                      })
                    }
                  >
                    {t('admin.match.refuse')}
                  </Button>
                  <Button
                    variant="secondary"
                    onClick={() =>
                      action.mutate({
                        path: 'refuse',
                        body: { invalid: true, commentaire: comment },
                      })
                    }
                  >
                    {t('admin.match.invalid')}
                  </Button>
                </div>
              </Card>
            ) : null}
            {m.status === 'VALIDATED' ? (
              <Card>
                <h2 className="mb-3 font-semibold">{t('admin.match.finishTitle')}</h2>
                <form
                  className="flex flex-wrap items-end gap-3"
                  onSubmit={(event) => {
                    event.preventDefault();
                    action.mutate(
                      { path: 'finish', body: { restitutionDate, destroyed } },
                      { onSuccess: () => void navigate('/matches') },
                    );
                  }}
                >
                  <div>
                    <Label htmlFor={`${formId}-date`}>{t('admin.match.restitutionDate')}</Label>
                    <Input
                      id={`${formId}-date`}
                      type="date"
                      required
                      value={restitutionDate}
                      invalid={error?.invalidField === 'restitutionDate'}
                      onChange={(event) => setRestitutionDate(event.target.value)}
                    />
                  </div>
                  <div className="flex min-h-11 items-center gap-2">
                    <input
                      id={`${formId}-destroyed`}
                      type="checkbox"
                      className="size-5"
                      checked={destroyed}
                      onChange={(event) => setDestroyed(event.target.checked)}
                    />
                    <label htmlFor={`${formId}-destroyed`} className="text-sm">
                      {t('admin.match.destroyed')}
                    </label>
                  </div>
                  <Button type="submit" variant="dark" disabled={!restitutionDate}>
                    {t('admin.match.finish')}
                  </Button>
                </form>
              </Card>
            ) : null}
          </div>
        ) : null}
      </QueryState>
    </>
  );
}
