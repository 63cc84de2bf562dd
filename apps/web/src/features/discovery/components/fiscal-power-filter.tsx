import { FISCAL_POWER_MAX, FISCAL_POWER_MIN } from '@app/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useDelayedFlag } from '../hooks/use-debounced-value';
import type { Filters } from '../lib/filters';
import { SLIDER_DELAY_MS } from './location-filter';

/** In entry a negative value becomes 0, anything else is rounded (docs/product/discovery.md §5). */
export function cleanFiscalPower(value: number): number {
  if (!Number.isFinite(value) || value < FISCAL_POWER_MIN) return FISCAL_POWER_MIN;
  return Math.min(FISCAL_POWER_MAX, Math.round(value));
}

/** The label of a bound: "30+" at the top of the slider. */
export function fiscalPowerLabel(value: number): string {
  return value >= FISCAL_POWER_MAX ? `${FISCAL_POWER_MAX}+` : String(value);
}

/** Fiscal power 0–30 (two sliders); the maximum goes as null at the top (criteriaForm). */
export function FiscalPowerFilter({
  filters,
  onChange,
}: {
  filters: Filters;
  onChange: (next: Filters) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const shown = useDelayedFlag(SLIDER_DELAY_MS);
  const min = filters.minFiscalPower ?? FISCAL_POWER_MIN;
  const max = filters.maxFiscalPower ?? FISCAL_POWER_MAX;
  if (!shown) return <div className="h-24" aria-hidden="true" />;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-semibold text-night-900">
        {t('search.filters.fiscalPower')}{' '}
        <span className="font-normal text-slate-600">
          {t('search.filters.fiscalPower.range', {
            min: fiscalPowerLabel(min),
            max: fiscalPowerLabel(max),
          })}
        </span>
      </legend>
      <label htmlFor={`${id}-min`} className="text-sm">
        {t('search.filters.fiscalPower.min')}
      </label>
      <input
        id={`${id}-min`}
        type="range"
        min={FISCAL_POWER_MIN}
        max={FISCAL_POWER_MAX}
        value={min}
        aria-valuetext={fiscalPowerLabel(min)}
        onChange={(event) => {
          const value = cleanFiscalPower(Number(event.target.value));
          onChange({ ...filters, minFiscalPower: value, maxFiscalPower: Math.max(value, max) });
        }}
        className="w-full accent-lantern-600"
      />
      <label htmlFor={`${id}-max`} className="text-sm">
        {t('search.filters.fiscalPower.max')}
      </label>
      <input
        id={`${id}-max`}
        type="range"
        min={FISCAL_POWER_MIN}
        max={FISCAL_POWER_MAX}
        value={max}
        aria-valuetext={fiscalPowerLabel(max)}
        onChange={(event) => {
          const value = cleanFiscalPower(Number(event.target.value));
          onChange({ ...filters, maxFiscalPower: value, minFiscalPower: Math.min(min, value) });
        }}
        className="w-full accent-lantern-600"
      />
    </fieldset>
  );
}
