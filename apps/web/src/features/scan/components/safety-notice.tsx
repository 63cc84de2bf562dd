import { EMERGENCY_NUMBERS, OFFICIAL_LINKS } from '@app/domain';
import { Phone, ShieldAlert } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '@/components/ui/button';
import { OfficialLink } from '@/components/ui/official-link';
import { cn } from '@/lib/cn';

/**
 * What a watcher reads first when a check finds a stolen vehicle (issue 19): their own safety
 * before the report. Calls go through tel: links, so one tap dials on a phone.
 */
export function SafetyNotice({ isBike }: { isBike?: boolean }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      data-testid="safety-notice"
      className="flex flex-col gap-3 rounded-xl border-2 border-red-700 bg-red-50 p-4 text-night-900"
    >
      <h3 id={titleId} className="flex items-center gap-2 text-base font-bold text-red-900">
        <ShieldAlert aria-hidden="true" className="size-5 shrink-0" />
        {t('safety.title')}
      </h3>
      <ul className="flex list-disc flex-col gap-1.5 pl-5 text-sm">
        <li>{t('safety.noIntervention')}</li>
        <li>{t('safety.distance')}</li>
        <li>{t('safety.call')}</li>
      </ul>
      <div className="flex flex-wrap gap-2">
        <a
          href={`tel:${EMERGENCY_NUMBERS.police}`}
          className={cn(buttonClasses({ variant: 'dark' }), 'min-h-11')}
        >
          <Phone aria-hidden="true" className="size-4" />
          {t('safety.callPolice', { number: EMERGENCY_NUMBERS.police })}
        </a>
        <a
          href={`tel:${EMERGENCY_NUMBERS.europe}`}
          className={cn(buttonClasses({ variant: 'secondary' }), 'min-h-11')}
        >
          <Phone aria-hidden="true" className="size-4" />
          {t('safety.callEurope', { number: EMERGENCY_NUMBERS.europe })}
        </a>
      </div>
      <p className="text-sm">{t('safety.thenReport')}</p>
      {isBike ? (
        <div className="flex flex-col gap-1 text-sm">
          <p>{t('official.bike.watcherText')}</p>
          <OfficialLink href={OFFICIAL_LINKS.bikeRegistryStatus}>
            {t('official.bike.statusLink')}
          </OfficialLink>
        </div>
      ) : null}
    </section>
  );
}
