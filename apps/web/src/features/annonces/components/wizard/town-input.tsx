import { useTranslation } from 'react-i18next';
import { describedBy, Field } from '@/components/ui/field';
import { Input } from '@/components/ui/form';
import { TownSuggestions, useTownAutocomplete } from '@/components/ui/town-autocomplete';
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
  const town = useTownAutocomplete(value ? townLabel(value) : '');
  return (
    <Field
      id="town"
      label={t('wizard.address.town')}
      error={error}
      hint={t('wizard.address.town.hint')}
    >
      <Input
        id="town"
        value={town.text}
        autoComplete="off"
        onChange={(event) => {
          town.type(event.target.value);
          if (value) onChange(null);
        }}
        {...describedBy('town', error, true)}
      />
      <TownSuggestions
        label={t('wizard.address.suggestions')}
        suggestions={town.suggestions}
        optionLabel={(place) => place.label}
        onPick={(place) => {
          const choice = {
            city: place.city,
            postalCode: place.postalCode,
            departmentCode: place.departmentCode,
            latitude: place.latitude,
            longitude: place.longitude,
          };
          onChange(choice);
          town.show(townLabel(choice));
        }}
      />
    </Field>
  );
}
