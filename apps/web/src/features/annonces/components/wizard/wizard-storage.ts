import type { WizardStep } from '@app/domain';
import {
  emptyFields,
  emptyFiles,
  type FileSlot,
  type WizardFields,
  type WizardFiles,
} from './wizard-form';
import type { BasketEntry } from './wizard-types';

/** What survives a reload or a wrong tap: everything typed, and the files already stored. */
export interface PersistedWizard {
  version: 1;
  annonceId: number | null;
  isFast: boolean | null;
  mode: 'create' | 'edit';
  status: string | null;
  step: WizardStep;
  minStep: number;
  fields: WizardFields;
  files: WizardFiles;
  basket: BasketEntry[];
  dirty: boolean;
  /**
   * Drawn when the wizard starts and sent with every save: the server goes on with this wizard's
   * draft even when the id of its first save never came back (docs/product/founders-decisions.md "drafts").
   */
  wizardKey?: string;
}

/** A random key for a new wizard. */
export function newWizardKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') {
    return crypto.randomUUID();
  }
  return `w-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

const STORAGE_KEY = 'veilleurs.annonceWizard';

const storedOnly = (files: WizardFiles): WizardFiles => {
  const keep = (slot: FileSlot | null) => (slot?.kind === 'stored' ? slot : null);
  return {
    photos: files.photos.filter((slot) => slot.kind === 'stored'),
    identityRecto: keep(files.identityRecto),
    identityVerso: keep(files.identityVerso),
    carteGriseFile: keep(files.carteGriseFile),
    plainteFile: keep(files.plainteFile),
    assuranceFile: keep(files.assuranceFile),
  };
};

export function saveWizardState(state: PersistedWizard) {
  try {
    window.sessionStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({ ...state, files: storedOnly(state.files) }),
    );
  } catch {
    // Storage full or disabled: the form still works, only the safety net is gone.
  }
}

export function loadWizardState(): PersistedWizard | null {
  try {
    const raw = window.sessionStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<PersistedWizard>;
    if (parsed.version !== 1 || !parsed.fields || !parsed.files) return null;
    // Whatever an older tab left is completed with empty values rather than trusted as whole.
    return {
      ...(parsed as PersistedWizard),
      fields: { ...emptyFields(), ...parsed.fields },
      files: { ...emptyFiles(), ...parsed.files },
      basket: Array.isArray(parsed.basket) ? parsed.basket : [],
    };
  } catch {
    return null;
  }
}

export function clearWizardState() {
  try {
    window.sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing to clear.
  }
}

/** A draft deleted elsewhere (My announcements): the wizard must not go on with its id. */
export function forgetWizardDraft(annonceId: number) {
  const stored = loadWizardState();
  if (stored?.annonceId === annonceId) clearWizardState();
}
