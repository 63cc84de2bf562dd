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
  /** `head` in UTF-8, made at the first home that writes the card. */
  headBytes?: Buffer;
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

/**
 * Where a card list is written: as one string (a card alone), or as UTF-8 bytes (a search page,
 * 17 kB, and a home, about 200 kB: turning the text into bytes took more than writing it, and each
 * kept card's bytes are kept once made).
 */
interface JsonSink {
  text(json: string): void;
  /** A kept card's JSON without its closing brace. */
  head(kept: KeptCardJson): void;
}

/**
 * The card into `sink`, as `JSON.stringify` writes it but for the order of the per-request fields:
 * its kept head, then those fields.
 */
function writeCard(card: Card, sink: JsonSink): void {
  const fields = card as Readonly<Record<string, unknown>>;
  const from = card[KEPT_CARD];
  const kept = from ? (from.json ??= keptCardJson(from.card)) : null;
  if (!kept || !unchangedSince(fields, kept)) return sink.text(JSON.stringify(card));
  let tail = '';
  let empty = kept.head === '{';
  for (const field of PER_REQUEST_FIELDS) {
    const value = fields[field];
    if (value === undefined) continue;
    const written = scalarJson(value);
    if (written === null) return sink.text(JSON.stringify(card));
    tail += `${empty ? '' : ','}"${field}":${written}`;
    empty = false;
  }
  sink.head(kept);
  sink.text(`${tail}}`);
}

/** A list answer whose `annonces` are cards into `sink`: the cards, then the other fields. */
function writePage(page: { annonces: readonly Card[] }, sink: JsonSink): void {
  const { annonces, ...rest } = page;
  sink.text('{"annonces":[');
  for (let at = 0; at < annonces.length; at += 1) {
    if (at > 0) sink.text(',');
    writeCard(annonces[at]!, sink);
  }
  const others = JSON.stringify(rest);
  sink.text(`]${others === '{}' ? '' : `,${others.slice(1, -1)}`}}`);
}

class TextSink implements JsonSink {
  json = '';
  text(json: string) {
    this.json += json;
  }
  head(kept: KeptCardJson) {
    this.json += kept.head;
  }
}

/**
 * Bytes in one buffer: the kept heads copied as they are, the text between them written in place
 * (no small buffer per piece, and no second pass to measure a string for Content-Length).
 */
class BytesSink implements JsonSink {
  private readonly pieces: (string | Buffer)[] = [];
  private pending = '';
  text(json: string) {
    this.pending += json;
  }
  head(kept: KeptCardJson) {
    this.flush();
    this.pieces.push((kept.headBytes ??= Buffer.from(kept.head)));
  }
  bytes(): Buffer {
    this.flush();
    let length = 0;
    for (const piece of this.pieces) {
      length += typeof piece === 'string' ? Buffer.byteLength(piece) : piece.length;
    }
    const bytes = Buffer.allocUnsafe(length);
    let at = 0;
    for (const piece of this.pieces) {
      at += typeof piece === 'string' ? bytes.write(piece, at) : piece.copy(bytes, at);
    }
    return bytes;
  }
  private flush() {
    if (this.pending === '') return;
    this.pieces.push(this.pending);
    this.pending = '';
  }
}

/** The card's JSON, as `JSON.stringify` writes it but for the order of the per-request fields. */
export function cardJson(card: Card): string {
  const sink = new TextSink();
  writeCard(card, sink);
  return sink.json;
}

/**
 * A list answer whose `annonces` are cards, in UTF-8: the cards from their kept JSON, the rest as
 * usual. A search page was a string, which the server measured for Content-Length and encoded
 * again at the socket's write; the kept heads' bytes are made once per card.
 */
export function cardPageBytes(page: { annonces: readonly Card[] }): Buffer {
  const sink = new BytesSink();
  writePage(page, sink);
  return sink.bytes();
}

/**
 * Lists of cards as one JSON array in UTF-8 (a home's groups), each written as a page is: a home
 * is about 200 kB, and `JSON.stringify` of every user's home again after a validation, then its
 * text turned into bytes, was the largest share of the server's thread in the seconds after it
 * (bench/results/notifications-end-to-end-2026-12-04-notes.md).
 */
export function cardListsBytes(lists: readonly { annonces: readonly Card[] }[]): Buffer {
  const sink = new BytesSink();
  sink.text('[');
  for (let at = 0; at < lists.length; at += 1) {
    if (at > 0) sink.text(',');
    writePage(lists[at]!, sink);
  }
  sink.text(']');
  return sink.bytes();
}
