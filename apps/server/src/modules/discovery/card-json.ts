/**
 * A search page written from JSON kept with each card: `JSON.stringify` of a page (12 cards, about
 * 17 kB) was a tenth of a search's CPU under load (bench/results/discovery-2026-12-03-notes.md). A
 * kept card is the same for every viewer but for the fields below, which are written after it at
 * each request.
 */
const PER_REQUEST_FIELDS = [
  'annonceFavorite',
  'userHasSeenAnnonce',
  'isBoosted',
  'latitude',
  'longitude',
  'distanceKm',
] as const;
const perRequest: ReadonlySet<string> = new Set(PER_REQUEST_FIELDS);

/**
 * Carried by a card copied from a kept one (card-cache.ts); spreads copy it, `JSON.stringify`
 * ignores it. Its JSON is written at the first search page that needs it: the other lists (the
 * home, favourites) never pay for it.
 */
export const KEPT_CARD = Symbol('kept card');

export interface KeptCard {
  /** As anyone but its owner sees it. */
  readonly card: object;
  json?: KeptCardJson;
}

export interface KeptCardJson {
  /** The kept card: a copy is written from `head` only while its other fields are the same. */
  readonly source: Readonly<Record<string, unknown>>;
  /** Its JSON without the per-request fields and without the closing brace. */
  readonly head: string;
  /** How many fields of the source are not per-request. */
  readonly fields: number;
}

type Card = object & { [KEPT_CARD]?: KeptCard };

function keptCardJson(card: object): KeptCardJson {
  const source = card as Record<string, unknown>;
  const kept: Record<string, unknown> = {};
  let fields = 0;
  for (const key of Object.keys(source)) {
    if (perRequest.has(key)) continue;
    kept[key] = source[key];
    fields += 1;
  }
  return { source, head: JSON.stringify(kept).slice(0, -1), fields };
}

/** True when every field but the per-request ones is the kept card's own (same value or object). */
function unchangedSince(card: Readonly<Record<string, unknown>>, kept: KeptCardJson): boolean {
  let fields = 0;
  for (const key of Object.keys(card)) {
    if (perRequest.has(key)) continue;
    if (card[key] !== kept.source[key]) return false;
    fields += 1;
  }
  return fields === kept.fields;
}

/** A per-request field's JSON; null when it is not a scalar (the card is then written whole). */
function scalarJson(value: unknown): string | null {
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'null';
  if (value === null) return 'null';
  return null;
}

/** The card's JSON, as `JSON.stringify` writes it but for the order of the per-request fields. */
export function cardJson(card: Card): string {
  const fields = card as Readonly<Record<string, unknown>>;
  const from = card[KEPT_CARD];
  if (!from) return JSON.stringify(card);
  const kept = (from.json ??= keptCardJson(from.card));
  if (!unchangedSince(fields, kept)) return JSON.stringify(card);
  let json = kept.head;
  let empty = json === '{';
  for (const field of PER_REQUEST_FIELDS) {
    const value = fields[field];
    if (value === undefined) continue;
    const written = scalarJson(value);
    if (written === null) return JSON.stringify(card);
    json += `${empty ? '' : ','}"${field}":${written}`;
    empty = false;
  }
  return `${json}}`;
}

/** A list answer whose `annonces` are cards: the cards from their kept JSON, the rest as usual. */
export function cardPageJson(page: { annonces: readonly Card[] }): string {
  const { annonces, ...rest } = page;
  let json = '{"annonces":[';
  for (let at = 0; at < annonces.length; at += 1) {
    if (at > 0) json += ',';
    json += cardJson(annonces[at]!);
  }
  const others = JSON.stringify(rest);
  return `${json}]${others === '{}' ? '' : `,${others.slice(1, -1)}`}}`;
}
