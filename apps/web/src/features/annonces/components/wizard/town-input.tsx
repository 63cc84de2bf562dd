import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/form';
import { usePlaces } from '@/lib/catalog-queries';
import { describedBy, Field } from './field';
import type { TownChoice } from './wizard-form';

const townLabel = (town: TownChoice) => `${town.city} (${town.postalCode})`;

/** The town of the theft, from the geo autocomplete (name or postal code). */
export function TownInput({
  value,
  onChange,
  error,
}: {
  value: TownChoice | null;
  onChange: (town: TownChoice | null) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(value ? townLabel(value) : '');
  const [open, setOpen] = useState(false);
  const places = usePlaces(open ? text : '');
  const options = (places.data ?? []).filter(
    (place) => place.latitude !== null && place.longitude !== null,
  );
  return (
    <Field
      id="town"
      label={t('wizard.address.town')}
      error={error}
      hint={t('wizard.address.town.hint')}
    >
      <Input
        id="town"
        value={text}
        autoComplete="off"
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          if (value) onChange(null);
        }}
        {...describedBy('town', error, true)}
      />
      {open && options.length > 0 ? (
        <ul
          aria-label={t('wizard.address.suggestions')}
          className="mt-1 max-h-64 overflow-y-auto rounded-lg border border-night-200 bg-white shadow-lg"
        >
          {options.map((place) => (
            <li key={`${place.inseeCode}-${place.postalCode}`}>
              <button
                type="button"
                className="block min-h-11 w-full px-3 py-2 text-left text-sm hover:bg-night-50 focus-visible:bg-night-50"
                onClick={() => {
                  const town = {
                    city: place.city,
                    postalCode: place.postalCode,
                    departmentCode: place.departmentCode,
                    latitude: place.latitude as number,
                    longitude: place.longitude as number,
                  };
                  onChange(town);
                  setText(townLabel(town));
                  setOpen(false);
                }}
              >
                {place.label}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </Field>
  );
}
