import { sanitizeVinInput } from '@app/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Info } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Input, Textarea } from '@/components/ui/form';
import { catalogKeys, useFinishes } from '@/lib/catalog-queries';
import { matchesFilter } from './choice-list';
import { CustomItemDialog } from './custom-item-dialog';
import { describedBy, Field, GroupError } from '@/components/ui/field';
import type { StepProps } from './wizard-types';

function FinishInput({ fields, update, errors }: StepProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const modelId = fields.model?.id ?? null;
  const finishes = useFinishes(modelId);
  const [text, setText] = useState(fields.finish?.name ?? '');
  const [open, setOpen] = useState(false);
  const [creating, setCreating] = useState(false);
  const options = (finishes.data ?? [])
    .filter((item) => matchesFilter(item.name, text))
    .slice(0, 8);
  const exact = options.some((item) => item.name.toLowerCase() === text.trim().toLowerCase());
  return (
    <Field id="finitions" label={t('wizard.finish')} error={errors.finitions}>
      <Input
        id="finitions"
        value={text}
        autoComplete="off"
        onFocus={() => setOpen(true)}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          if (fields.finish) update({ finish: null });
        }}
        {...describedBy('finitions', errors.finitions)}
      />
      {open && !fields.finish && (options.length > 0 || text.trim()) ? (
        <ul
          aria-label={t('wizard.finish.suggestions')}
          className="mt-1 max-h-64 overflow-y-auto rounded-lg border border-night-200 bg-white shadow-lg"
        >
          {options.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                className="block min-h-11 w-full px-3 py-2 text-left text-sm hover:bg-night-50"
                onClick={() => {
                  update({ finish: item });
                  setText(item.name);
                  setOpen(false);
                }}
              >
                {item.name}
              </button>
            </li>
          ))}
          {text.trim() && !exact && modelId !== null ? (
            <li>
              <button
                type="button"
                className="block min-h-11 w-full px-3 py-2 text-left text-sm font-semibold hover:bg-night-50"
                onClick={() => setCreating(true)}
              >
                {t('wizard.finish.create', { name: text.trim() })}
              </button>
            </li>
          ) : null}
        </ul>
      ) : null}
      {modelId !== null && fields.vehicleType && creating ? (
        <CustomItemDialog
          kind="finish"
          open={creating}
          onOpenChange={setCreating}
          initialName={text.trim()}
          context={{
            vehicleTypeId: fields.vehicleType.id,
            brandId: fields.brand?.id ?? null,
            modelId,
          }}
          onCreated={(finish) => {
            void queryClient.invalidateQueries({ queryKey: catalogKeys.finishes(modelId) });
            update({ finish });
            setText(finish.name);
            setOpen(false);
          }}
        />
      ) : null}
    </Field>
  );
}

/** Step 5 (complete): VIN with its info modal, fiscal power, finish, window engraving, context. */
export function StepAdditional(props: StepProps) {
  const { fields, update, errors } = props;
  const { t } = useTranslation();
  const [vinInfo, setVinInfo] = useState(false);
  const type = fields.vehicleType;
  return (
    <div className="flex flex-col gap-5">
      {type?.isLicensed && type.hasVIN ? (
        <div>
          <div className="flex items-end gap-2">
            <div className="flex-1">
              <Field
                id="vin"
                label={t('wizard.vin')}
                error={errors.vin}
                hint={t('wizard.vin.hint')}
              >
                <Input
                  id="vin"
                  value={fields.vin}
                  autoCapitalize="characters"
                  autoComplete="off"
                  spellCheck={false}
                  className="font-mono uppercase"
                  onChange={(event) => update({ vin: sanitizeVinInput(event.target.value) })}
                  {...describedBy('vin', errors.vin, true)}
                />
              </Field>
            </div>
          </div>
          <Button variant="ghost" size="sm" className="mt-1" onClick={() => setVinInfo(true)}>
            <Info aria-hidden="true" className="size-4" />
            {t('wizard.vin.info')}
          </Button>
          <Dialog open={vinInfo} onOpenChange={setVinInfo}>
            <DialogContent title={t('wizard.vin.info.title')}>
              <p className="text-sm text-night-700">{t('wizard.vin.info.text')}</p>
            </DialogContent>
          </Dialog>
        </div>
      ) : null}
      {type?.isLicensed ? (
        <Field id="fiscalPower" label={t('wizard.fiscalPower')} error={errors.fiscalPower}>
          <Input
            id="fiscalPower"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            value={fields.fiscalPower}
            onChange={(event) => update({ fiscalPower: event.target.value })}
            onBlur={() => {
              const value = Number(fields.fiscalPower);
              if (fields.fiscalPower.trim() !== '' && Number.isFinite(value)) {
                update({ fiscalPower: String(value < 0 ? 0 : Math.round(value)) });
              }
            }}
            {...describedBy('fiscalPower', errors.fiscalPower)}
          />
        </Field>
      ) : null}
      <FinishInput {...props} />
      {type?.hasWindowEngraving ? (
        <div>
          <label className="flex items-start gap-3 text-sm text-night-900">
            <input
              type="checkbox"
              className="mt-0.5 size-5 shrink-0 accent-night-900"
              checked={fields.hasWindowEngraving}
              onChange={(event) => update({ hasWindowEngraving: event.target.checked })}
            />
            <span>{t('wizard.hasWindowEngraving')}</span>
          </label>
          <GroupError id="hasWindowEngraving-error" error={errors.hasWindowEngraving} />
        </div>
      ) : null}
      <Field
        id="annonceDescription"
        label={t('wizard.annonceDescription')}
        error={errors.annonceDescription}
        hint={t('wizard.annonceDescription.hint')}
      >
        <Textarea
          id="annonceDescription"
          rows={5}
          maxLength={2000}
          value={fields.annonceDescription}
          onChange={(event) => update({ annonceDescription: event.target.value })}
          {...describedBy('annonceDescription', errors.annonceDescription, true)}
        />
      </Field>
    </div>
  );
}
