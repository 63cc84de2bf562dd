import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { catalogKeys, useBrands, useModels, useVehicleTypes } from '@/lib/catalog-queries';
import { ChoiceList } from './choice-list';
import { CustomItemDialog } from './custom-item-dialog';
import { withChoice } from './wizard-form';
import type { StepProps } from './wizard-types';

/** Step 1: the activated vehicle types, filtered by name. */
export function StepVehicleType({ fields, update, errors }: StepProps) {
  const { t } = useTranslation();
  const types = useVehicleTypes();
  return (
    <ChoiceList
      id="vehicleType"
      items={types.data}
      isLoading={types.isLoading}
      selectedId={fields.vehicleType?.id ?? null}
      onSelect={(vehicleType) => update((current) => withChoice(current, { vehicleType }))}
      filterLabel={t('wizard.vehicleType.filter')}
      error={errors.vehicleType}
    />
  );
}

/** Step 2: brands of the type; a missing one can be created. */
export function StepBrand({ fields, update, errors }: StepProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const typeId = fields.vehicleType?.id ?? null;
  const brands = useBrands(typeId);
  const [creating, setCreating] = useState<string | null>(null);
  return (
    <>
      <ChoiceList
        id="brand"
        items={brands.data}
        isLoading={brands.isLoading}
        selectedId={fields.brand?.id ?? null}
        onSelect={(brand) => update((current) => withChoice(current, { brand }))}
        filterLabel={t('wizard.brand.filter')}
        error={errors.brand}
        onCreate={(filter) => setCreating(filter)}
        createLabel={t('wizard.brand.create')}
      />
      {typeId !== null && creating !== null ? (
        <CustomItemDialog
          kind="brand"
          open={creating !== null}
          onOpenChange={(open) => !open && setCreating(null)}
          initialName={creating ?? ''}
          context={{ vehicleTypeId: typeId }}
          onCreated={(brand) => {
            void queryClient.invalidateQueries({ queryKey: catalogKeys.brands(typeId) });
            update((current) => withChoice(current, { brand }));
          }}
        />
      ) : null}
    </>
  );
}

/** Step 3: models of the type and brand; a missing one can be created. */
export function StepModel({ fields, update, errors }: StepProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const typeId = fields.vehicleType?.id ?? null;
  const brandId = fields.brand?.id ?? null;
  const models = useModels(typeId, brandId);
  const [creating, setCreating] = useState<string | null>(null);
  return (
    <>
      <ChoiceList
        id="model"
        items={models.data}
        isLoading={models.isLoading}
        selectedId={fields.model?.id ?? null}
        onSelect={(model) => update((current) => withChoice(current, { model }))}
        filterLabel={t('wizard.model.filter')}
        error={errors.model}
        onCreate={(filter) => setCreating(filter)}
        createLabel={t('wizard.model.create')}
      />
      {typeId !== null && brandId !== null && creating !== null ? (
        <CustomItemDialog
          kind="model"
          open={creating !== null}
          onOpenChange={(open) => !open && setCreating(null)}
          initialName={creating ?? ''}
          context={{ vehicleTypeId: typeId, brandId }}
          onCreated={(model) => {
            void queryClient.invalidateQueries({ queryKey: catalogKeys.models(typeId, brandId) });
            update((current) => withChoice(current, { model }));
          }}
        />
      ) : null}
    </>
  );
}
