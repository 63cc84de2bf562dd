import { describe, expect, it } from 'vitest';
import { BICYCLE, CAR, makeDetail } from '../../testing/annonce-stubs';
import { matchesFilter } from './choice-list';
import {
  buildSaveForm,
  emptyFields,
  emptyFiles,
  fromDetail,
  identifiersLine,
  newFileSlot,
  stepProblems,
  withChoice,
} from './wizard-form';

const car = () => ({
  ...emptyFields(),
  vehicleType: CAR,
  brand: { id: 10, name: 'Peugeot' },
  model: { id: 100, name: '208' },
  finish: { id: 7, name: 'GT Line' },
  licensePlate: 'AB-123-CD',
  vin: 'VF3ABCDEFGH123456',
});

describe('wizard form', () => {
  it('filters names by case- and accent-insensitive substring', () => {
    expect(matchesFilter('Citroën', 'CITROE')).toBe(true);
    expect(matchesFilter('Peugeot', 'geo')).toBe(true);
    expect(matchesFilter('Renault', 'peu')).toBe(false);
  });

  it('resets what follows a changed type, brand or model', () => {
    const fields = car();
    const otherType = withChoice(fields, { vehicleType: BICYCLE });
    expect(otherType).toMatchObject({
      brand: null,
      model: null,
      finish: null,
      licensePlate: '',
      vin: '',
    });
    const otherBrand = withChoice(fields, { brand: { id: 11, name: 'Renault' } });
    expect(otherBrand).toMatchObject({ model: null, finish: null, licensePlate: 'AB-123-CD' });
    expect(withChoice(fields, { model: null }).finish).toBeNull();
    // The same choice again changes nothing.
    expect(withChoice(fields, { brand: { id: 10, name: 'Peugeot' } })).toBe(fields);
  });

  it('builds the multipart body the server reads', () => {
    const photo = newFileSlot(new File(['x'], 'a.png', { type: 'image/png' }));
    const form = buildSaveForm({
      fields: {
        ...car(),
        rewardLevel: 5,
        rewardAmount: '1500.2',
        street: '1 rue A',
        town: {
          city: 'Balma',
          postalCode: '31130',
          departmentCode: '31',
          latitude: 43.6,
          longitude: 1.5,
        },
      },
      files: {
        ...emptyFiles(),
        photos: [{ kind: 'stored', id: 9, url: 'u', name: '', isPdf: false }, photo],
        plainteFile: { kind: 'stored', id: 4, url: 'u', name: 'p.pdf', isPdf: true },
      },
      annonceId: 12,
      isDraft: true,
      isFast: false,
      currentStep: 6,
    });
    expect(form.get('annonceId')).toBe('12');
    expect(form.get('currentStep')).toBe('6');
    expect(form.get('imagesVehicleId[0]')).toBe('9');
    expect(form.get('imagesVehicle[1]')).toBeInstanceOf(File);
    expect(form.get('imagesVehicleIds')).toBe('9');
    expect(form.get('nbImagesVehicle')).toBe('2');
    expect(form.get('plainteFileId')).toBe('4');
    expect(form.get('additionnalRewardAmount')).toBe('1501');
    expect(JSON.parse(String(form.get('annonce')))).toMatchObject({
      vehicleType: 1,
      finitions: 7,
      address: {
        address: '1 rue A, 31130 Balma',
        latitude: 43.6,
        longitude: 1.5,
        departement: '31',
      },
    });
  });

  it('reads a stored announcement back, street and town apart', () => {
    const detail = makeDetail();
    detail.vehicle.theftPosition.address = '23 rue de la République, 31130 Balma';
    const { fields, files } = fromDetail(detail);
    expect(fields.street).toBe('23 rue de la République');
    expect(fields.town).toMatchObject({ city: 'Balma', postalCode: '31130', departmentCode: '31' });
    expect(files.photos).toHaveLength(5);
  });

  it('asks for the VIN of a licensed vehicle in a complete announcement, and for a photo', () => {
    const fields = { ...car(), vin: '' };
    expect(stepProblems('ADDITIONNAL_FIELDS', fields, emptyFiles(), false)).toEqual([
      { field: 'vin', messageKey: 'MandatoryField' },
    ]);
    expect(stepProblems('PHOTOS', fields, emptyFiles(), false)).toEqual([
      { field: 'vehicleFiles', messageKey: 'MandatoryField' },
    ]);
  });

  it('needs at least 1400 EUR for the free reward', () => {
    const fields = { ...car(), rewardLevel: 5, rewardAmount: '1399' };
    expect(stepProblems('ADDITIONNAL_REWARD', fields, emptyFiles(), true)).toEqual([
      { field: 'additionnalRewardAmount', messageKey: 'additional.reward.free.min' },
    ]);
    expect(
      stepProblems('ADDITIONNAL_REWARD', { ...fields, rewardAmount: '1399.5' }, emptyFiles(), true),
    ).toEqual([]);
  });

  it('asks a bicycle for its bicycode or serial number, one being enough', () => {
    const bike = {
      ...emptyFields(),
      vehicleType: BICYCLE,
      brand: { id: 1, name: 'B' },
      model: { id: 2, name: 'M' },
    };
    const problems = stepProblems('MANDATORY_FIELDS', bike, emptyFiles(), true);
    expect(problems[0]).toEqual({ field: 'bicycode', messageKey: 'MandatoryField' });
    const withSerial = stepProblems(
      'MANDATORY_FIELDS',
      { ...bike, serialNumber: 'SN123' },
      emptyFiles(),
      true,
    );
    expect(withSerial.some((problem) => problem.field === 'bicycode')).toBe(false);
  });

  it('joins identifiers with " | "', () => {
    expect(identifiersLine(['AB-123-CD', null, '', 'VF3'])).toBe('AB-123-CD | VF3');
  });
});
