import { CatalogItemSchema } from '@app/domain';
import { api } from '@/lib/api-client';

export type CustomItemKind = 'brand' | 'model' | 'finish';

const CUSTOM_PATHS: Record<CustomItemKind, string> = {
  brand: '/brand/createCustomBrand',
  model: '/model/createCustomModel',
  finish: '/modelFinish/createCustomModelFinish',
};

/** POST /{controller}/{method}: a custom brand, model or finish; a 403 names the `name` field. */
export function createCustomItem(
  kind: CustomItemKind,
  input: { name: string; vehicleTypeId: number; brandId?: number | null; modelId?: number | null },
) {
  return api.post(CUSTOM_PATHS[kind], {
    form: {
      name: input.name,
      vehicleTypeId: input.vehicleTypeId,
      brandId: input.brandId ?? undefined,
      modelId: input.modelId ?? undefined,
    },
    schema: CatalogItemSchema,
    silent: true,
  });
}
