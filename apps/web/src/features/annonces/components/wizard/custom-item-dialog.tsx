import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Input } from '@/components/ui/form';
import { ApiError } from '@/lib/api-client';
import { createCustomItem, type CustomItemKind } from '../../api/catalog';
import { describedBy, Field } from '@/components/ui/field';
import type { Named } from './wizard-form';

const TITLES: Record<CustomItemKind, string> = {
  brand: 'wizard.custom.brand.title',
  model: 'wizard.custom.model.title',
  finish: 'wizard.custom.finish.title',
};

/**
 * Creates a brand, model or finish missing from the catalogue (§2); a 403 from the server
 * (name already used, too long…) is shown under the name field.
 */
export function CustomItemDialog({
  kind,
  open,
  onOpenChange,
  initialName,
  context,
  onCreated,
}: {
  kind: CustomItemKind;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialName: string;
  context: { vehicleTypeId: number; brandId?: number | null; modelId?: number | null };
  onCreated: (item: Named) => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(initialName);
  const [error, setError] = useState<string | undefined>();
  const mutation = useMutation({
    mutationFn: () => createCustomItem(kind, { name, ...context }),
    onSuccess: (item) => {
      onCreated(item);
      onOpenChange(false);
    },
    onError: (failure) => {
      setError(failure instanceof ApiError ? failure.messageKey : 'error.generic');
    },
  });
  const fieldId = `custom-${kind}-name`;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) {
          setName(initialName);
          setError(undefined);
        }
        onOpenChange(next);
      }}
    >
      <DialogContent title={t(TITLES[kind])}>
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            // React events cross portals: the wizard's own form must not take this submit as Next.
            event.stopPropagation();
            if (!name.trim()) {
              setError('MandatoryField');
              return;
            }
            mutation.mutate();
          }}
        >
          <Field id={fieldId} label={t('wizard.custom.name')} error={error}>
            <Input
              id={fieldId}
              value={name}
              maxLength={80}
              onChange={(event) => {
                setName(event.target.value);
                setError(undefined);
              }}
              {...describedBy(fieldId, error)}
            />
          </Field>
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => onOpenChange(false)}>
              {t('wizard.cancel')}
            </Button>
            <Button type="submit" disabled={mutation.isPending}>
              {t('wizard.custom.create')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
