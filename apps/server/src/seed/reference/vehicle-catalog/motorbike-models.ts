import type { VehicleTypeCode } from '@app/domain';
import { titleCaseName } from './title-case';

/**
 * Motorbikes and scooters from us-make-model-2001-2015 (reference-data/PROVENANCE.md §1). The list
 * mixes cars, trucks, quads (ATV), side-by-sides, snowmobiles and jet-skis without a type column,
 * so the rules below decide, make by make:
 * 1. Only the makes in MAKE_RULES are read. Makes that built only motorbikes/scooters take every
 *    model; "mixed" makes (Honda, Yamaha, Suzuki, Kawasaki, BMW) keep only the model codes their
 *    motorbike and scooter ranges use (`include`): Honda's "ACCORD", "AQUATRAX F-12" (jet-ski) or
 *    "TRX420 RANCHER" (quad) match none of them. `exclude` drops quads of otherwise two-wheel makes.
 * 2. A model goes to SCOOTER when it matches the make's `scooter` codes (or the make is a scooter
 *    make), otherwise to MOTORBIKE.
 * 3. Names: rows are deduplicated across years; option words ABS and DCT are dropped ("CB500F ABS"
 *    is a CB500F); names the source cut at 35 characters get their last word completed from the
 *    make's other names ("ELECTRA GLID" → "ELECTRA GLIDE"); then Title Case (title-case.ts).
 */
interface MakeRule {
  brand: string;
  /** Scooter makes: every kept model is a scooter unless `motorbike` matches. */
  scooterMake?: boolean;
  include?: RegExp;
  exclude?: RegExp;
  scooter?: RegExp;
  motorbike?: RegExp;
  /** The first word is a letters-only model code ("FLHRCI"): keep it upper case. */
  firstWordIsCode?: boolean;
}

export const MAKE_RULES: Readonly<Record<string, MakeRule>> = {
  APRILIA: {
    brand: 'Aprilia',
    scooter: /^(ATLANTIC|MOJITO|RALLY|SCARABEO|SPORTCITY|SR ?50|SR MOTARD)/,
  },
  BETA: { brand: 'Beta' },
  BIMOTA: { brand: 'Bimota' },
  BMW: {
    brand: 'BMW',
    include: /^(C6[05]0|F ?\d{3}|G ?\d{3}|HP\d|K ?1\d00|R ?\d{3,4}|R NINE T|RG1200|S ?1000)/,
    scooter: /^C6[05]0/,
  },
  BUELL: { brand: 'Buell' },
  DUCATI: { brand: 'Ducati' },
  'GAS GAS': { brand: 'GasGas' },
  'HARLEY DAVIDSON': { brand: 'Harley-Davidson', firstWordIsCode: true },
  HONDA: {
    brand: 'Honda',
    include:
      /^(CB[RF0-9]|CH80|CHF|CMX|CN250|CR\d|CRF|CTX|FSC|GL1|GROM|NC7|NCH|NHX|NPS|NRX|NSA|NSF|NSR|NSS|NT7|PCX|PS250|RVT|SA50|SH1|ST1|VF|VT|XR\d)/,
    scooter: /^(CH80|CHF|CN250|FSC|NCH|NHX|NPS|NSS|PCX|PS250|SA50|SH1)/,
  },
  HUSABERG: { brand: 'Husaberg' },
  HUSQVARNA: { brand: 'Husqvarna' },
  HYOSUNG: { brand: 'Hyosung', exclude: /^TE450/, scooter: /^(SD50|SF50)/ },
  INDIAN: { brand: 'Indian' },
  KAWASAKI: {
    brand: 'Kawasaki',
    include:
      /^(BN\d|EN\d|ER-|EX\d|KDX|KE\d|KL\d|KLE|KLR|KLX|KX\d|KZ\d|VN\d|W\d|Z\d|ZG\d|ZR|ZX|ZZR)/,
  },
  KTM: { brand: 'KTM' },
  KYMCO: {
    brand: 'Kymco',
    scooterMake: true,
    exclude: /^(MAXXER|MONGOOSE|MXU|UXV)/,
    motorbike: /^VENOX/,
  },
  'MOTO GUZZI': { brand: 'Moto Guzzi' },
  'MV AGUSTA': { brand: 'MV Agusta' },
  PIAGGIO: { brand: 'Piaggio', scooterMake: true },
  SUZUKI: {
    brand: 'Suzuki',
    include:
      /^(AN\d|C\d|DL\d|DR|GS\d|GSF|GSX|GW\d|GZ\d|JR\d|LS\d|M\d|RM\d|RMX|RMZ|S\d|SFV|SV\d|TL\d|TU\d|UH\d|VL\d|VS\d|VZ\d)/,
    scooter: /^(AN\d|UH\d)/,
  },
  TM: { brand: 'TM Racing' },
  TRIUMPH: { brand: 'Triumph' },
  VESPA: { brand: 'Vespa', scooterMake: true },
  VICTORY: { brand: 'Victory' },
  YAMAHA: {
    brand: 'Yamaha',
    include:
      /^(BWS|CP250|CW50|CY50|FJR|FZ|PW\d|SH50|SR400|TTR|TW\d|TZ\d|VMX|WR\d|XC\d|XF50|XP\d|XT\d|XTZ|XV\d|XVS|XVZ|YJ\d|YP\d|YW\d|YZ\d|YZF)/,
    scooter: /^(BWS|CP250|CW50|CY50|SH50|XC\d|XF50|XP\d|YJ\d|YP\d|YW\d)/,
  },
};

/** The source's model column is at most 35 characters: longer names were cut. */
const SOURCE_NAME_LIMIT = 35;
const OPTION_WORDS = /\b(ABS|DCT)\b/g;

export interface TwoWheelerModel {
  brand: string;
  type: Extract<VehicleTypeCode, 'MOTORBIKE' | 'SCOOTER'>;
  name: string;
}

export function classifyTwoWheeler(make: string, model: string): TwoWheelerModel['type'] | null {
  const rule = MAKE_RULES[make];
  if (!rule) return null;
  if (rule.include && !rule.include.test(model)) return null;
  if (rule.exclude?.test(model)) return null;
  if (rule.motorbike?.test(model)) return 'MOTORBIKE';
  if (rule.scooterMake || rule.scooter?.test(model)) return 'SCOOTER';
  return 'MOTORBIKE';
}

/** Rows `{year, make, model}` of csv_data.csv → the motorbike and scooter models, deduplicated. */
export function twoWheelerModels(
  rows: readonly { make: string; model: string }[],
): TwoWheelerModel[] {
  const modelsByMake = new Map<string, Set<string>>();
  for (const row of rows) {
    const make = row.make.trim();
    const model = row.model.replace(/\s+/g, ' ').trim();
    if (!model || !MAKE_RULES[make]) continue;
    let models = modelsByMake.get(make);
    if (!models) modelsByMake.set(make, (models = new Set()));
    models.add(model);
  }

  const result: TwoWheelerModel[] = [];
  for (const [make, models] of modelsByMake) {
    const rule = MAKE_RULES[make]!;
    const vocabulary = wordFrequencies(models);
    for (const model of [...models].sort()) {
      const type = classifyTwoWheeler(make, model);
      if (!type) continue;
      const name = cleanModelName(model, vocabulary, rule);
      if (name) result.push({ brand: rule.brand, type, name });
    }
  }
  return result;
}

/** How often each word appears in the make's names, not counting words that may have been cut. */
function wordFrequencies(models: Iterable<string>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const model of models) {
    const words = model.split(' ');
    if (model.length >= SOURCE_NAME_LIMIT) words.pop();
    for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  return counts;
}

function cleanModelName(model: string, vocabulary: Map<string, number>, rule: MakeRule): string {
  let words = model.split(' ');
  if (model.length >= SOURCE_NAME_LIMIT && words.length > 1) {
    const last = words.at(-1)!.replace(/\/+$/, '');
    // A cut word of one or two letters cannot be guessed: drop it.
    const completed = last.length < 3 ? '' : completeWord(last, vocabulary);
    words = [...words.slice(0, -1), ...(completed ? [completed] : [])];
  }
  const name = words.join(' ').replace(OPTION_WORDS, '').replace(/\s+/g, ' ').trim();
  return titleCaseName(name, { firstWordIsCode: rule.firstWordIsCode ?? false });
}

/** The make's most frequent (then longest) word that starts with a cut word ("GLID" → "GLIDE"). */
function completeWord(word: string, vocabulary: Map<string, number>): string {
  let best: { word: string; count: number } | null = null;
  for (const [candidate, count] of vocabulary) {
    if (candidate.length <= word.length || !candidate.startsWith(word)) continue;
    if (
      !best ||
      count > best.count ||
      (count === best.count && candidate.length > best.word.length)
    ) {
      best = { word: candidate, count };
    }
  }
  return best?.word ?? word;
}
