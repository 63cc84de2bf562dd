import { describe, expect, it } from 'vitest';
import {
  maxDisplayedStep,
  resumePoint,
  stepAt,
  stepNumber,
  stepOfField,
  visibleSteps,
} from './wizard-steps';

describe('wizard step sequences (docs/product/annonces.md §2)', () => {
  it('numbers the fast flow 0–7 and the complete flow 0–10', () => {
    expect(stepNumber('MANDATORY_FIELDS', true)).toBe(4);
    expect(stepNumber('ADDITIONNAL_REWARD', true)).toBe(5);
    expect(stepNumber('PAYMENT_SUMMARY', true)).toBe(7);
    expect(stepNumber('PHOTOS', true)).toBe(-1);
    expect(stepNumber('ADDITIONNAL_FIELDS', false)).toBe(5);
    expect(stepNumber('PAPERS', false)).toBe(7);
    expect(stepNumber('ADDITIONNAL_REWARD', false)).toBe(8);
    expect(stepNumber('PAYMENT_SUMMARY', false)).toBe(10);
    expect(stepAt(6, true)).toBe('RECAP');
    expect(stepAt(11, false)).toBeNull();
  });

  it('shows 7 / 10 when creating and 4 / 7 in edit mode, which skips reward, recap and payment', () => {
    expect(maxDisplayedStep(true, 'create')).toBe(7);
    expect(maxDisplayedStep(false, 'create')).toBe(10);
    expect(maxDisplayedStep(true, 'edit')).toBe(4);
    expect(maxDisplayedStep(false, 'edit')).toBe(7);
    expect(visibleSteps(false, 'edit')).not.toContain('RECAP');
    expect(visibleSteps(true, 'edit')).not.toContain('ADDITIONNAL_REWARD');
  });

  it.each([
    [
      { status: 'DRAFT', isFastAnnonce: true, creationStep: 3 },
      { step: 3, minStep: 0, mode: 'create' },
    ],
    [
      { status: 'DRAFT', isFastAnnonce: true, creationStep: 6 },
      { step: 4, minStep: 0, mode: 'create' },
    ],
    [
      { status: 'DRAFT', isFastAnnonce: true, creationStep: 0 },
      { step: 1, minStep: 0, mode: 'create' },
    ],
    [
      { status: 'DRAFT', isFastAnnonce: false, creationStep: 6 },
      { step: 6, minStep: 0, mode: 'create' },
    ],
    [
      { status: 'DRAFT', isFastAnnonce: false, creationStep: 9 },
      { step: 7, minStep: 0, mode: 'create' },
    ],
    [
      { status: 'REFUSED', isFastAnnonce: false, creationStep: 10 },
      { step: 1, minStep: 1, mode: 'edit' },
    ],
    [
      { status: 'TO_VALIDATE', isFastAnnonce: false, creationStep: 10 },
      { step: 5, minStep: 4, mode: 'edit' },
    ],
    [
      { status: 'TO_VALIDATE', isFastAnnonce: true, creationStep: 7 },
      { step: 4, minStep: 4, mode: 'edit' },
    ],
    [{ status: 'VALIDATED', isFastAnnonce: true, creationStep: 7 }, null],
  ])('resumes %j at %j (§4 "Editing")', (annonce, expected) => {
    expect(resumePoint(annonce)).toEqual(expected);
  });

  it('knows the step of each field a 403 can name; the VIN depends on the type', () => {
    expect(stepOfField('brand', { isLicensed: true })).toBe('BRAND');
    expect(stepOfField('color', { isLicensed: true })).toBe('MANDATORY_FIELDS');
    expect(stepOfField('vehicleFiles', { isLicensed: true })).toBe('PHOTOS');
    expect(stepOfField('plainteFile', { isLicensed: false })).toBe('PAPERS');
    expect(stepOfField('vin', { isLicensed: true })).toBe('ADDITIONNAL_FIELDS');
    expect(stepOfField('vin', { isLicensed: false })).toBe('MANDATORY_FIELDS');
    expect(stepOfField('unknown', { isLicensed: false })).toBeNull();
  });
});
