import {
  LOCATION_RADIUS_DEFAULT_KM,
  LOCATION_RADIUS_MAX_KM,
  LOCATION_RADIUS_MIN_KM,
  type GeoPlace,
} from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { autocompletePlaces, searchPlaces } from '../api/discovery-api';
import { discoveryKeys } from '../api/discovery-keys';
import { useDebouncedValue, useDelayedFlag } from '../hooks/use-debounced-value';
import type { Filters } from '../lib/filters';

const sameText = (a: string, b: string) => a === b;
export const SLIDER_DELAY_MS = 300;

/**
 * The location filter (docs/product/discovery.md §2, §5): an address from the autocomplete (France), or typed
 * and looked up on Enter, and a radius slider 1–200 km (default 1).
 */
export function LocationFilter({
  filters,
  onChange,
  focusOnOpen,
}: {
  filters: Filters;
  onChange: (next: Filters) => void;
  /** The location button opened the modal: the address field takes the focus. */
  focusOnOpen?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState(filters.address ?? '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [error, setError] = useState<string | null>(null);
  const query = useDebouncedValue(text.trim(), 250, sameText);
  const places = useQuery({
    queryKey: discoveryKeys.places(query),
    queryFn: () => autocompletePlaces(query),
    enabled: open && query.length >= 2 && query !== filters.address,
  });
  const showSlider = useDelayedFlag(SLIDER_DELAY_MS);
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focusOnOpen) inputRef.current?.focus();
  }, [focusOnOpen]);
  const suggestions = open && query.length >= 2 ? (places.data ?? []) : [];
  const radius = filters.locationRadius ?? LOCATION_RADIUS_DEFAULT_KM;

  function choose(place: GeoPlace) {
    setOpen(false);
    setActive(-1);
    if (place.latitude === null || place.longitude === null || !place.label) {
      setError('Filters.localisation.error');
      return;
    }
    setError(null);
    setText(place.label);
    onChange({
      ...filters,
      address: place.label,
      latitude: place.latitude,
      longitude: place.longitude,
      locationRadius: filters.locationRadius ?? LOCATION_RADIUS_DEFAULT_KM,
    });
  }

  async function lookUpTyped() {
    const typed = text.trim();
    if (!typed) {
      setError('search.localisation.invalidFeedback');
      return;
    }
    const found = await searchPlaces(typed).catch(() => []);
    if (found[0]) choose(found[0]);
    else setError('Filters.localisation.error');
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' && suggestions.length > 0) {
      event.preventDefault();
      setActive((index) => (index + 1) % suggestions.length);
    } else if (event.key === 'ArrowUp' && suggestions.length > 0) {
      event.preventDefault();
      setActive((index) => (index <= 0 ? suggestions.length - 1 : index - 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const place = suggestions[active];
      if (place) choose(place);
      else void lookUpTyped();
    } else if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setOpen(false);
    }
  }

  function clear() {
    setText('');
    setError(null);
    onChange({ ...filters, address: null, latitude: null, longitude: null, locationRadius: null });
  }

  const inputId = `${id}-address`;
  const listId = `${id}-places`;
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-3">
      <div className="relative">
        <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-night-900">
          {t('search.localisation.address')}
        </label>
        <div className="relative">
          <input
            id={inputId}
            role="combobox"
            aria-expanded={suggestions.length > 0}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            ref={inputRef}
            value={text}
            maxLength={200}
            autoComplete="off"
            placeholder={t('search.localisation.placeholder')}
            onChange={(event) => {
              setText(event.target.value);
              setOpen(true);
              setActive(-1);
              setError(null);
            }}
            onKeyDown={onKeyDown}
            onBlur={() => window.setTimeout(() => setOpen(false), 150)}
            className="h-11 w-full rounded-lg border border-night-200 pr-11 pl-3 text-base focus:border-lantern-500 focus:outline-none aria-[invalid]:border-red-600 md:text-sm"
          />
          {text ? (
            <Button
              variant="ghost"
              size="icon"
              onClick={clear}
              aria-label={t('search.localisation.clear')}
              className="absolute top-0 right-0"
            >
              <X aria-hidden="true" className="size-4" />
            </Button>
          ) : null}
        </div>
        <ul
          id={listId}
          role="listbox"
          aria-label={t('search.localisation.suggestions')}
          className={
            suggestions.length > 0
              ? 'absolute z-10 mt-1 max-h-60 w-full overflow-y-auto rounded-lg border border-night-200 bg-white shadow-lg'
              : 'hidden'
          }
        >
          {suggestions.map((place, index) => (
            <li
              key={`${place.inseeCode}-${place.postalCode}-${place.label}`}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              onMouseDown={(event) => {
                event.preventDefault();
                choose(place);
              }}
              className="cursor-pointer px-3 py-2 text-sm aria-selected:bg-lantern-100 hover:bg-night-50"
            >
              {place.label}
            </li>
          ))}
        </ul>
        {error ? (
          <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
            {t(error)}
          </p>
        ) : null}
      </div>
      {showSlider ? (
        <div>
          <label htmlFor={`${id}-radius`} className="flex justify-between text-sm font-medium">
            <span>{t('search.localisation.radius')}</span>
            <span>{t('search.localisation.radiusValue', { count: radius })}</span>
          </label>
          <input
            id={`${id}-radius`}
            type="range"
            min={LOCATION_RADIUS_MIN_KM}
            max={LOCATION_RADIUS_MAX_KM}
            step={1}
            value={radius}
            disabled={filters.latitude === null}
            onChange={(event) =>
              onChange({ ...filters, locationRadius: Number(event.target.value) })
            }
            className="w-full accent-lantern-600"
          />
        </div>
      ) : null}
    </div>
  );
}
