import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { CAR } from '../../testing/annonce-stubs';
import { emptyFields, emptyFiles, newFileSlot } from './wizard-form';
import { problemNamesOf, sameValue, wizardResolver, type WizardValues } from './wizard-resolver';

const options = {
  fields: {},
  shouldUseNativeValidation: undefined,
} as ResolverOptions<WizardValues>;

const withFields = (fields: Partial<WizardValues['fields']>): WizardValues => ({
  fields: { ...emptyFields(), vehicleType: CAR, ...fields },
  files: emptyFiles(),
});

describe('wizard resolver', () => {
  it('checks the step on screen only, each problem under its server field name', async () => {
    const values = withFields({ rewardLevel: 5, rewardAmount: '100' });
    const mandatory = await wizardResolver(
      values,
      { step: 'MANDATORY_FIELDS', isFast: true },
      options,
    );
    expect(Object.keys(mandatory.errors)).toEqual(
      expect.arrayContaining(['licensePlate', 'licensePlateConfirm', 'color', 'energy', 'town']),
    );
    expect(mandatory.errors).not.toHaveProperty('additionnalRewardAmount');
    expect(mandatory.errors).toHaveProperty('color.message', 'MandatoryField');

    const reward = await wizardResolver(
      values,
      { step: 'ADDITIONNAL_REWARD', isFast: true },
      options,
    );
    expect(reward.errors).toEqual({
      additionnalRewardAmount: { type: 'domain', message: 'additional.reward.free.min' },
    });
    const type = await wizardResolver(values, { step: 'VEHICLE_TYPE', isFast: true }, options);
    expect(type).toEqual({ values, errors: {} });
  });

  it('names the problems a changed value clears, its own and those it is part of', () => {
    expect(problemNamesOf(['street'])).toEqual(['street', 'address', 'town']);
    expect(problemNamesOf(['photos'])).toEqual(['photos', 'vehicleFiles']);
    expect(problemNamesOf(['color', 'finish'])).toEqual(['color', 'finish', 'finitions']);
  });

  it('compares values by content, files by identity', () => {
    const file = new File(['x'], 'a.png', { type: 'image/png' });
    expect(sameValue({ id: 1, name: 'Peugeot' }, { id: 1, name: 'Peugeot' })).toBe(true);
    expect(sameValue({ id: 1, name: 'Peugeot' }, { id: 2, name: 'Peugeot' })).toBe(false);
    const slot = newFileSlot(file);
    expect(sameValue([slot], [{ ...slot }])).toBe(true);
    expect(sameValue([slot], [newFileSlot(file)])).toBe(false);
    expect(sameValue({ ...slot, file: new File(['x'], 'a.png') }, slot)).toBe(false);
  });
});
