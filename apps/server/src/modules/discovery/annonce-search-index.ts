import {
  EARTH_RADIUS_KM,
  locationOf,
  searchWords,
  type LatLng,
  type SearchCriteria,
} from '@app/domain';
import type { ListedAnnonce, ListOrder } from './search.repository';

/**
 * The searchable columns of every VALIDATED announcement, kept in this process's memory so that a
 * search around a place costs a few hundred microseconds of arithmetic instead of a database plan
 * (measured in bench/results/discovery-*.md: the plans alone left 30 ms of CPU per search, which
 * 32 clients on 2 cores turn into a second). PostgreSQL stays the source of truth:
 * `search-index-sync.ts` loads this from it and applies every change it logs.
 *
 * Rows live in slots of typed arrays (about 60 bytes each, plus the words); a grid of
 * GRID_STEP_DEGREES cells lists the slots of each cell, so a radius visits only the cells it
 * touches. The words are the lexemes PostgreSQL wrote into `search_vector` (not its ':' filter and
 * cell tokens), so a word matches here exactly when `search_vector @@ to_tsquery(word)` does.
 */

/** One announcement as the index keeps it (what search-index-sync reads from a row). */
export interface IndexedAnnonce {
  id: number;
  latitude: number | null;
  longitude: number | null;
  vehicleTypeId: number | null;
  brandId: number | null;
  modelId: number | null;
  modelFinishId: number | null;
  color: string | null;
  energy: string | null;
  fiscalPower: number | null;
  /** Epoch milliseconds. */
  validatedAt: number | null;
  additionalRewardLevel: number;
  /** Epoch milliseconds. */
  boostEndDate: number | null;
  /** The lexemes of search_vector. */
  words: readonly string[];
}

/** The orders the index answers: every one whose keys a change log entry announces. */
const INDEXED_ORDERS: ReadonlySet<ListOrder> = new Set<ListOrder>([
  'PROXIMITY',
  'MOST_RECENT',
  'LEAST_RECENT',
  'REWARD_DESC',
  'REWARD_ASC',
]);

/**
 * A search the index can answer: one with a location (the grid narrows it; without one a search
 * would visit every row) in an order whose keys it keeps (not the view counts, which move at every
 * visit and are not logged).
 */
export function isIndexable(criteria: SearchCriteria, order: ListOrder): boolean {
  return locationOf(criteria) !== null && INDEXED_ORDERS.has(order);
}

/** Grid cell size: a 50 km radius touches about 30 cells, a 1 km one 1 to 4. */
const GRID_STEP_DEGREES = 0.25;
const GRID_COLUMNS = Math.round(360 / GRID_STEP_DEGREES);
const NULL_ID = -1;
const NO_TIME = Number.NaN;

const cellOf = (latitude: number, longitude: number) =>
  Math.floor((latitude + 90) / GRID_STEP_DEGREES) * GRID_COLUMNS +
  (Math.floor((longitude + 180) / GRID_STEP_DEGREES) % GRID_COLUMNS);

/** The point on the unit sphere: the chord between two of them orders as the distance does. */
function unitVector(latitude: number, longitude: number): [number, number, number] {
  const phi = (latitude * Math.PI) / 180;
  const lambda = (longitude * Math.PI) / 180;
  return [Math.cos(phi) * Math.cos(lambda), Math.cos(phi) * Math.sin(lambda), Math.sin(phi)];
}

/** Kilometres along the sphere earthdistance uses for a chord of the unit sphere. */
const chordToKm = (chord: number) => 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, chord / 2));

export interface IndexedPage {
  items: ListedAnnonce[];
  /** Matches counted up to `cap`; null when there are more. */
  total: number | null;
}

export class AnnonceSearchIndex {
  private capacity = 0;
  private size = 0;
  private ids = new Int32Array(0);
  private x = new Float64Array(0);
  private y = new Float64Array(0);
  private z = new Float64Array(0);
  private latitudes = new Float64Array(0);
  private longitudes = new Float64Array(0);
  private types = new Int32Array(0);
  private brands = new Int32Array(0);
  private models = new Int32Array(0);
  private finishes = new Int32Array(0);
  private colors = new Int32Array(0);
  private energies = new Int32Array(0);
  private fiscalPowers = new Int32Array(0);
  private validatedAts = new Float64Array(0);
  private rewards = new Int32Array(0);
  private boostEnds = new Float64Array(0);
  private wordStarts = new Int32Array(0);
  private wordCounts = new Int32Array(0);
  /** Word ids of every slot, back to back; a replaced row's words stay until compaction. */
  private words = new Int32Array(1024);
  private wordsUsed = 0;
  private wordsLive = 0;
  private readonly slotOfId = new Map<number, number>();
  private readonly freeSlots: number[] = [];
  private readonly cells = new Map<number, number[]>();
  private readonly cellOfSlot: number[] = [];
  /** Words, colours and energies as small integers. */
  private readonly wordIds = new Map<string, number>();
  private readonly valueIds = new Map<string, number>();

  /** How many announcements the index holds. */
  get count(): number {
    return this.slotOfId.size;
  }

  has(id: number): boolean {
    return this.slotOfId.has(id);
  }

  /** Adds the announcement, or replaces what the index knew of it. */
  upsert(annonce: IndexedAnnonce): void {
    this.remove(annonce.id);
    const slot = this.freeSlots.pop() ?? this.newSlot();
    this.slotOfId.set(annonce.id, slot);
    this.ids[slot] = annonce.id;
    const located = annonce.latitude !== null && annonce.longitude !== null;
    const [vx, vy, vz] = located ? unitVector(annonce.latitude!, annonce.longitude!) : [9, 9, 9];
    this.x[slot] = vx;
    this.y[slot] = vy;
    this.z[slot] = vz;
    this.latitudes[slot] = annonce.latitude ?? Number.NaN;
    this.longitudes[slot] = annonce.longitude ?? Number.NaN;
    this.types[slot] = annonce.vehicleTypeId ?? NULL_ID;
    this.brands[slot] = annonce.brandId ?? NULL_ID;
    this.models[slot] = annonce.modelId ?? NULL_ID;
    this.finishes[slot] = annonce.modelFinishId ?? NULL_ID;
    this.colors[slot] = annonce.color === null ? NULL_ID : this.valueId(annonce.color);
    this.energies[slot] = annonce.energy === null ? NULL_ID : this.valueId(annonce.energy);
    this.fiscalPowers[slot] = annonce.fiscalPower ?? NULL_ID;
    this.validatedAts[slot] = annonce.validatedAt ?? NO_TIME;
    this.rewards[slot] = annonce.additionalRewardLevel;
    this.boostEnds[slot] = annonce.boostEndDate ?? NO_TIME;
    this.storeWords(slot, annonce.words);
    // Unlocated announcements never match a radius: they stay out of the grid.
    const cell = located ? cellOf(annonce.latitude!, annonce.longitude!) : NULL_ID;
    this.cellOfSlot[slot] = cell;
    if (cell !== NULL_ID) {
      const list = this.cells.get(cell);
      if (list) list.push(slot);
      else this.cells.set(cell, [slot]);
    }
  }

  /** Forgets the announcement (withdrawn, found, deleted…); nothing when it is not held. */
  remove(id: number): void {
    const slot = this.slotOfId.get(id);
    if (slot === undefined) return;
    this.slotOfId.delete(id);
    const cell = this.cellOfSlot[slot]!;
    if (cell !== NULL_ID) {
      const list = this.cells.get(cell)!;
      const at = list.indexOf(slot);
      list[at] = list[list.length - 1]!;
      list.pop();
      if (list.length === 0) this.cells.delete(cell);
    }
    this.wordsLive -= this.wordCounts[slot]!;
    this.wordCounts[slot] = 0;
    this.freeSlots.push(slot);
  }

  /**
   * The page and the number of matches up to `cap`, as findAnnonces answers them (same criteria,
   * same orders and tie-breaks, boosted first when asked), for a search `isIndexable` accepts.
   */
  find(options: {
    criteria: SearchCriteria;
    order: ListOrder;
    boostedFirst: boolean;
    /** Where distances and PROXIMITY are measured from (search.repository's `from`). */
    from: LatLng | null;
    offset: number;
    limit: number;
    now: Date;
    cap: number;
  }): IndexedPage {
    const { criteria, order, from, offset, limit, cap } = options;
    const location = locationOf(criteria);
    if (!location || !INDEXED_ORDERS.has(order)) {
      throw new Error(`the search index cannot answer ${order} without a location`);
    }
    if (order === 'PROXIMITY' && !from) throw new Error('PROXIMITY needs a reference position');
    const matches = this.matchingSlots(criteria, location);
    const [cx, cy, cz] = from ? unitVector(from.latitude, from.longitude) : [0, 0, 0];
    const squaredChord = (slot: number) => {
      const dx = this.x[slot]! - cx;
      const dy = this.y[slot]! - cy;
      const dz = this.z[slot]! - cz;
      return dx * dx + dy * dy + dz * dz;
    };
    const compare = this.comparator(order, options.boostedFirst, options.now, squaredChord);
    const wanted = offset + limit;
    const ordered = firstInOrder(matches, wanted, compare);
    const items = ordered.slice(offset, wanted).map((slot) => ({
      id: this.ids[slot]!,
      latitude: this.latitudes[slot]!,
      longitude: this.longitudes[slot]!,
      distanceKm: from ? chordToKm(Math.sqrt(squaredChord(slot))) : null,
    }));
    return { items, total: matches.length > cap ? null : matches.length };
  }

  /** Every slot inside the radius that meets the criteria. */
  private matchingSlots(
    criteria: SearchCriteria,
    location: { latitude: number; longitude: number; radiusKm: number },
  ): number[] {
    // A word no announcement has: nothing matches.
    const wordIds: number[] = [];
    for (const word of searchWords(criteria.researchText)) {
      const id = this.wordIds.get(word);
      if (id === undefined) return [];
      wordIds.push(id);
    }
    const setOf = (values: readonly number[]) => (values.length > 0 ? new Set(values) : null);
    const valuesOf = (values: readonly string[]) =>
      values.length > 0 ? new Set(values.map((value) => this.valueIds.get(value) ?? -2)) : null;
    const types = setOf(criteria.vehicleTypeIds);
    const brands = setOf(criteria.brandIds);
    const models = setOf(criteria.modelIds);
    const finishes = setOf(criteria.modelFinishIds);
    const colors = valuesOf(criteria.colors);
    const energies = valuesOf(criteria.energies);
    const minPower = criteria.minFiscalPower;
    const maxPower = criteria.maxFiscalPower;
    const [cx, cy, cz] = unitVector(location.latitude, location.longitude);
    // Inside the radius when the chord is at most this (a hair over, like PostgreSQL's <=).
    const maxChord = 2 * Math.sin(Math.min(Math.PI / 2, location.radiusKm / (2 * EARTH_RADIUS_KM)));
    const maxChord2 = maxChord * maxChord * (1 + 1e-12);

    const matches: number[] = [];
    for (const cell of this.cellsAround(location)) {
      const slots = this.cells.get(cell);
      if (!slots) continue;
      for (const slot of slots) {
        const dx = this.x[slot]! - cx;
        const dy = this.y[slot]! - cy;
        const dz = this.z[slot]! - cz;
        if (dx * dx + dy * dy + dz * dz > maxChord2) continue;
        if (types && !types.has(this.types[slot]!)) continue;
        if (brands && !brands.has(this.brands[slot]!)) continue;
        if (models && !models.has(this.models[slot]!)) continue;
        if (finishes && !finishes.has(this.finishes[slot]!)) continue;
        if (colors && !colors.has(this.colors[slot]!)) continue;
        if (energies && !energies.has(this.energies[slot]!)) continue;
        const power = this.fiscalPowers[slot]!;
        if (minPower !== null && (power === NULL_ID || power < minPower)) continue;
        if (maxPower !== null && (power === NULL_ID || power > maxPower)) continue;
        if (wordIds.length > 0 && !this.hasWords(slot, wordIds)) continue;
        matches.push(slot);
      }
    }
    return matches;
  }

  /** The grid cells a circle may touch (its bounding box, wider towards the poles). */
  private *cellsAround(location: { latitude: number; longitude: number; radiusKm: number }) {
    const latSpan = ((location.radiusKm / EARTH_RADIUS_KM) * 180) / Math.PI;
    const south = Math.max(-90, location.latitude - latSpan);
    const north = Math.min(89.999999, location.latitude + latSpan);
    const farthest = Math.min(89.9, Math.max(Math.abs(south), Math.abs(north)));
    const lngSpan = latSpan / Math.cos((farthest * Math.PI) / 180);
    const rows = [
      Math.floor((south + 90) / GRID_STEP_DEGREES),
      Math.floor((north + 90) / GRID_STEP_DEGREES),
    ] as const;
    const columnCount =
      lngSpan >= 180
        ? GRID_COLUMNS
        : Math.min(
            GRID_COLUMNS,
            Math.floor((location.longitude + lngSpan + 180) / GRID_STEP_DEGREES) -
              Math.floor((location.longitude - lngSpan + 180) / GRID_STEP_DEGREES) +
              1,
          );
    const firstColumn =
      lngSpan >= 180 ? 0 : Math.floor((location.longitude - lngSpan + 180) / GRID_STEP_DEGREES);
    for (let row = rows[0]; row <= rows[1]; row += 1) {
      for (let k = 0; k < columnCount; k += 1) {
        const column = (((firstColumn + k) % GRID_COLUMNS) + GRID_COLUMNS) % GRID_COLUMNS;
        yield row * GRID_COLUMNS + column;
      }
    }
  }

  private hasWords(slot: number, wanted: readonly number[]): boolean {
    const start = this.wordStarts[slot]!;
    const end = start + this.wordCounts[slot]!;
    for (const word of wanted) {
      let found = false;
      for (let at = start; at < end; at += 1) {
        if (this.words[at] === word) {
          found = true;
          break;
        }
      }
      if (!found) return false;
    }
    return true;
  }

  /**
   * findAnnonces' orders (search.repository sortKeys): boosted first when asked, then the keys,
   * the id last. PostgreSQL puts nulls first in a descending order and last in an ascending one.
   */
  private comparator(
    order: ListOrder,
    boostedFirst: boolean,
    now: Date,
    squaredChord: (slot: number) => number,
  ): (a: number, b: number) => number {
    const at = now.getTime();
    const boosted = (slot: number) => (this.boostEnds[slot]! >= at ? 0 : 1);
    const time = (slot: number) => {
      const value = this.validatedAts[slot]!;
      return Number.isNaN(value) ? Number.POSITIVE_INFINITY : value;
    };
    const ascending = (p: number, q: number) => (p < q ? -1 : p > q ? 1 : 0);
    const byId = (a: number, b: number) => ascending(this.ids[a]!, this.ids[b]!);
    let keys: (a: number, b: number) => number;
    switch (order) {
      case 'PROXIMITY':
        keys = (a, b) => ascending(squaredChord(a), squaredChord(b)) || byId(a, b);
        break;
      case 'MOST_RECENT':
        keys = (a, b) => ascending(time(b), time(a)) || byId(b, a);
        break;
      case 'LEAST_RECENT':
        keys = (a, b) => ascending(time(a), time(b)) || byId(a, b);
        break;
      case 'REWARD_DESC':
        keys = (a, b) =>
          ascending(this.rewards[b]!, this.rewards[a]!) ||
          ascending(time(b), time(a)) ||
          byId(b, a);
        break;
      case 'REWARD_ASC':
        keys = (a, b) =>
          ascending(this.rewards[a]!, this.rewards[b]!) ||
          ascending(time(a), time(b)) ||
          byId(a, b);
        break;
      default:
        throw new Error(`the search index does not keep the keys of ${order}`);
    }
    return boostedFirst ? (a, b) => ascending(boosted(a), boosted(b)) || keys(a, b) : keys;
  }

  private valueId(value: string): number {
    let id = this.valueIds.get(value);
    if (id === undefined) {
      id = this.valueIds.size;
      this.valueIds.set(value, id);
    }
    return id;
  }

  private storeWords(slot: number, words: readonly string[]): void {
    if (this.wordsUsed + words.length > this.words.length) {
      // Replaced rows left their words behind: compact when they are most of the array.
      if (this.wordsLive < this.wordsUsed / 2) this.compactWords();
      if (this.wordsUsed + words.length > this.words.length) {
        const grown = new Int32Array(
          Math.max(this.words.length * 2, this.wordsUsed + words.length),
        );
        grown.set(this.words.subarray(0, this.wordsUsed));
        this.words = grown;
      }
    }
    this.wordStarts[slot] = this.wordsUsed;
    this.wordCounts[slot] = words.length;
    for (const word of words) {
      let id = this.wordIds.get(word);
      if (id === undefined) {
        id = this.wordIds.size;
        this.wordIds.set(word, id);
      }
      this.words[this.wordsUsed] = id;
      this.wordsUsed += 1;
    }
    this.wordsLive += words.length;
  }

  private compactWords(): void {
    const compacted = new Int32Array(Math.max(1024, this.wordsLive * 2));
    let used = 0;
    for (const slot of this.slotOfId.values()) {
      const start = this.wordStarts[slot]!;
      const count = this.wordCounts[slot]!;
      compacted.set(this.words.subarray(start, start + count), used);
      this.wordStarts[slot] = used;
      used += count;
    }
    this.words = compacted;
    this.wordsUsed = used;
  }

  private newSlot(): number {
    if (this.size === this.capacity) this.grow(Math.max(1024, this.capacity * 2));
    const slot = this.size;
    this.size += 1;
    return slot;
  }

  private grow(capacity: number): void {
    const grown = <T extends Float64Array | Int32Array>(array: T): T => {
      const next = new (array.constructor as new (length: number) => T)(capacity);
      next.set(array);
      return next;
    };
    this.ids = grown(this.ids);
    this.x = grown(this.x);
    this.y = grown(this.y);
    this.z = grown(this.z);
    this.latitudes = grown(this.latitudes);
    this.longitudes = grown(this.longitudes);
    this.types = grown(this.types);
    this.brands = grown(this.brands);
    this.models = grown(this.models);
    this.finishes = grown(this.finishes);
    this.colors = grown(this.colors);
    this.energies = grown(this.energies);
    this.fiscalPowers = grown(this.fiscalPowers);
    this.validatedAts = grown(this.validatedAts);
    this.rewards = grown(this.rewards);
    this.boostEnds = grown(this.boostEnds);
    this.wordStarts = grown(this.wordStarts);
    this.wordCounts = grown(this.wordCounts);
    this.capacity = capacity;
  }
}

/**
 * The first `count` slots in the order: a short sorted buffer for a page (the usual case, a few
 * comparisons per match), a full sort for deep pages.
 */
function firstInOrder(
  slots: number[],
  count: number,
  compare: (a: number, b: number) => number,
): number[] {
  if (count > 64) return slots.sort(compare).slice(0, count);
  const best: number[] = [];
  for (const slot of slots) {
    if (best.length === count && compare(slot, best[count - 1]!) >= 0) continue;
    let at = best.length === count ? count - 1 : best.length;
    while (at > 0 && compare(slot, best[at - 1]!) < 0) {
      best[at] = best[at - 1]!;
      at -= 1;
    }
    best[at] = slot;
  }
  return best;
}

/** The distance the index reports between two points, for tests comparing it with PostgreSQL. */
export function indexDistanceKm(a: LatLng, b: LatLng): number {
  const [ax, ay, az] = unitVector(a.latitude, a.longitude);
  const [bx, by, bz] = unitVector(b.latitude, b.longitude);
  return chordToKm(Math.hypot(ax - bx, ay - by, az - bz));
}
