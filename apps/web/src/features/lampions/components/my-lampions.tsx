import {
  LAMPION_EVENT_POINTS,
  IDENTIFIER_CHECKS_COUNTED_PER_DAY,
  type GradeName,
} from '@app/domain';
import { Check, Flame, Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { useLampionsInfo } from '../api/get-lampions-info';

/** Grade names are the product's own words (docs/product/founders-decisions.md); English gets its translations. */
const GRADE_KEYS: Record<GradeName, string> = {
  Veilleur: 'lampions.grade.veilleur',
  Vigie: 'lampions.grade.vigie',
  Sentinelle: 'lampions.grade.sentinelle',
  Gardien: 'lampions.grade.gardien',
  "Lampion d'or": 'lampions.grade.lampionDor',
};

const EARNINGS = [
  ['lampions.earn.check', LAMPION_EVENT_POINTS.IDENTIFIER_CHECK],
  ['lampions.earn.report', LAMPION_EVENT_POINTS.MATCH_REPORTED],
  ['lampions.earn.validated', LAMPION_EVENT_POINTS.MATCH_VALIDATED],
  ['lampions.earn.found', LAMPION_EVENT_POINTS.VEHICLE_FOUND],
  ['lampions.earn.invalid', LAMPION_EVENT_POINTS.MATCH_INVALID],
] as const;

/** My lampions (docs/product/accounts.md §2): count, grade, level, progress bar, loops with the current one. */
export function MyLampions() {
  const { t } = useTranslation();
  const query = useLampionsInfo();
  if (query.isPending) {
    return (
      <div className="space-y-4" aria-busy="true">
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-48 w-full" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <p role="alert" className="rounded-xl bg-red-50 p-4 text-red-800">
        {t('lampions.loadError')}
      </p>
    );
  }
  const info = query.data;
  const levelPercent = Math.round(
    (info.currentNbOfPoints / Math.max(1, info.nbPointsInCurrentLevel)) * 100,
  );
  const toNextLevel = info.nbPointsInCurrentLevel - info.currentNbOfPoints;

  return (
    <div className="space-y-4 md:space-y-6">
      <section className="rounded-2xl bg-night-900 p-5 text-white shadow-sm md:p-6">
        <div className="flex items-center gap-4">
          <span className="flex size-16 shrink-0 items-center justify-center rounded-full bg-lantern-500/15 ring-4 ring-lantern-500/30">
            <Flame aria-hidden="true" className="size-9 text-lantern-400" />
          </span>
          <div>
            <p className="text-3xl font-bold">
              {t('lampions.count', { count: info.lampionsUser })}
            </p>
            <p className="text-night-200">
              {t('lampions.gradeAndLevel', {
                grade: t(GRADE_KEYS[info.currentGradeName]),
                level: info.currentLevelNumber,
              })}
            </p>
          </div>
        </div>
        <div className="mt-5">
          <div className="flex flex-wrap justify-between gap-x-3 gap-y-1 text-sm text-night-200">
            <span className="whitespace-nowrap">
              {t('lampions.level', { level: info.currentLevelNumber })}
            </span>
            <span>{t('lampions.toNextLevel', { count: toNextLevel })}</span>
          </div>
          <div
            role="progressbar"
            aria-label={t('lampions.levelProgress')}
            aria-valuemin={0}
            aria-valuemax={info.nbPointsInCurrentLevel}
            aria-valuenow={info.currentNbOfPoints}
            className="mt-2 h-3 overflow-hidden rounded-full bg-white/20"
          >
            <div
              className="h-full rounded-full bg-lantern-500"
              style={{ width: `${levelPercent}%` }}
            />
          </div>
        </div>
      </section>

      <section className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-night-100 md:p-6">
        <h2 className="text-lg font-semibold text-night-900">
          {t('lampions.currentLoop', { loop: info.currentLoop })}
        </h2>
        <p className="text-sm text-slate-600">
          {t('lampions.loopPoints', {
            points: info.currentNbOfPointsInLoop,
            total: info.nbPointsInCurrentLoop,
          })}
        </p>
        <ol className="mt-4 grid grid-cols-1 gap-2 md:grid-cols-5">
          {info.currentLoopGrades.map((grade) => {
            const reached = info.currentLevelNumber >= grade.levelMin;
            const current = grade.gradeName === info.currentGradeName;
            return (
              <li
                key={grade.gradeName}
                aria-current={current ? 'step' : undefined}
                className={cn(
                  'flex items-center gap-3 rounded-xl p-3 ring-1 md:flex-col md:text-center',
                  current
                    ? 'bg-lantern-50 ring-lantern-400'
                    : reached
                      ? 'bg-night-50 ring-night-100'
                      : 'bg-white ring-night-100 text-slate-500',
                )}
              >
                {reached ? (
                  <Flame aria-hidden="true" className="size-6 text-lantern-600" />
                ) : (
                  <Lock aria-hidden="true" className="size-6" />
                )}
                <span>
                  <span className="block font-semibold">{t(GRADE_KEYS[grade.gradeName])}</span>
                  <span className="text-xs">
                    {t('lampions.levels', { min: grade.levelMin, max: grade.levelMax })}
                  </span>
                </span>
              </li>
            );
          })}
        </ol>
      </section>

      <section className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-night-100 md:p-6">
        <h2 className="text-lg font-semibold text-night-900">{t('lampions.loops')}</h2>
        <ul className="mt-3 divide-y divide-night-100">
          {info.loops.map((loop) => (
            <li key={loop.number} className="flex items-center justify-between gap-3 py-3">
              <span className="flex items-center gap-2">
                {loop.isDone ? (
                  <Check aria-hidden="true" className="size-5 text-emerald-700" />
                ) : loop.isCurrent ? (
                  <Flame aria-hidden="true" className="size-5 text-lantern-600" />
                ) : (
                  <Lock aria-hidden="true" className="size-5 text-slate-400" />
                )}
                <span className="font-medium">{t('lampions.loop', { loop: loop.number })}</span>
                {loop.isCurrent ? (
                  <span className="rounded-full bg-lantern-100 px-2 py-0.5 text-xs font-semibold text-lantern-800">
                    {t('lampions.loop.current')}
                  </span>
                ) : null}
              </span>
              <span className="text-sm text-slate-600">
                {t('lampions.levels', { min: loop.levelMin, max: loop.levelMax })}
              </span>
            </li>
          ))}
        </ul>
      </section>

      <section className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-night-100 md:p-6">
        <h2 className="text-lg font-semibold text-night-900">{t('lampions.earn.title')}</h2>
        <ul className="mt-3 space-y-2 text-sm">
          {EARNINGS.map(([key, points]) => (
            <li key={key} className="flex justify-between gap-3">
              <span>{t(key, { count: IDENTIFIER_CHECKS_COUNTED_PER_DAY })}</span>
              <span
                className={cn('font-semibold', points < 0 ? 'text-red-700' : 'text-emerald-700')}
              >
                {points > 0 ? `+${points}` : points}
              </span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
