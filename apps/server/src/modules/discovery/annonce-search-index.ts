import {
  EARTH_RADIUS_KM,
  locationOf,
  searchWords,
  type LatLng,
  type MatchableAnnonce,
  type SearchCriteria,
} from '@app/domain';
import {
  cellOf,
  cellsAround,
  cellSquaredChordBound,
  chordToKm,
  GRID_CELLS,
  SUB_CELLS,
  subCellOf,
  subCellSquaredChordBounds,
  unitVector,
} from './search-grid';
import type { ListedAnnonce, ListOrder } from './search-order';

/**
 * The searchable columns of every VALIDATED announcement, kept in this process's memory so that a
 * search around a place costs a few hundred microseconds of arithmetic instead of a database plan
 * (measured in bench/results/discovery-*.md: the plans alone left 30 ms of CPU per search, which
 * 32 clients on 2 cores turn into a second). PostgreSQL stays the source of truth:
 * `search-index-sync.ts` loads this from it and applies every change it logs.
 *
 * Rows live in slots of typed arrays (about 120 bytes each with the words), laid out by grid cell
 * and sub-cell at each rebuild, so the cells a radius touches are a few contiguous slot ranges,
 * and a nearest-first walk reads a dense cell a sub-cell at a time from its centre; rows changed
 * since go to a tail every search also reads. Frequent words, types, colours and energies are
 * bitsets over the slots; rare words are slot lists. The words are the lexemes PostgreSQL wrote
 * into `search_vector` (not its ':' filter and cell tokens), so a word matches here exactly when
 * `search_vector @@ to_tsquery(word)` does. Typed arrays only: no per-row JS object for the
 * garbage collector to walk.
 */

/**
 * One announcement as the index keeps it (what search-index-sync reads from a row): what a saved
 * search matches on, with the words as lexemes, and the sort keys.
 */
export interface IndexedAnnonce extends Omit<MatchableAnnonce, 'searchText'> {
  id: number;
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

const NULL_ID = -1;
const NO_TIME = Number.NaN;

export interface IndexedPage {
  items: ListedAnnonce[];
  /** Matches counted up to `cap`; null when there are more. */
  total: number | null;
}

/** Bits per word of a bitset (a Uint32Array with one bit per slot). */
const BITS = 32;
/** A word present in at least this share of the rows gets a bitset; rarer ones a slot list. */
const FREQUENT_SHARE = 1 / 64;
const FREQUENT_MIN = 64;
/** Slots appended since the last rebuild (new and edited rows) are scanned whole by a search. */
const TAIL_REBUILD_MIN = 20_000;
/**
 * Beyond this many matches `find` gives up and the search goes to PostgreSQL: so many matches are
 * dense along any order, where a bounded walk of an index finds the page in a few hundred rows,
 * while here every match would be collected and sorted (the home's 200 km nearest-first list
 * around Paris: 300,000 of them, 15 ms).
 */
const MAX_MATCHES = 20_000;

/**
 * A nearest-first walk reads a cell holding more rows than this by its sub-cells, nearest first:
 * the bounds of its sub-cells cost more than reading a smaller cell whole.
 */
const SUB_CELL_WALK_MIN = 4_096;

/** Rows copied between two yields of a rebuild (a few milliseconds of work). */
const REBUILD_SLICE = 16_384;

/** The per-slot arrays a rebuild copies from. */
type SlotArrays = Record<
  | 'ids'
  | 'cellOfSlot'
  | 'types'
  | 'brands'
  | 'models'
  | 'finishes'
  | 'colors'
  | 'energies'
  | 'fiscalPowers'
  | 'rewards'
  | 'wordStarts'
  | 'wordCounts'
  | 'words',
  Int32Array
> &
  Record<'x' | 'y' | 'z' | 'latitudes' | 'longitudes' | 'validatedAts' | 'boostEnds', Float64Array>;

const bitIsSet = (bits: Uint32Array, slot: number) =>
  (bits[slot >>> 5]! & (1 << (slot & 31))) !== 0;

/** Thresholds, changed by tests to drive every path on a small fixture. */
export interface SearchIndexOptions {
  /** Occurrences from which a word gets a bitset (also at least FREQUENT_SHARE of the rows). */
  frequentMin?: number;
  /** Tail length from which `compact()` rebuilds (also at least an eighth of the rows). */
  tailRebuildMin?: number;
  /** Matches beyond which `find` gives up (see MAX_MATCHES). */
  maxMatches?: number;
  /** Rows from which a nearest-first walk reads a cell by sub-cell (see SUB_CELL_WALK_MIN). */
  subCellWalkMin?: number;
}

export class AnnonceSearchIndex {
  private readonly frequentMin: number;
  private readonly tailRebuildMin: number;
  private readonly maxMatches: number;
  private readonly subCellWalkMin: number;
  private capacity = 0;
  /** Slots used: [0, mainEnd) sorted by grid cell at the last rebuild, then the appended tail. */
  private size = 0;
  private mainEnd = 0;
  private ids = new Int32Array(0);
  private x = new Float64Array(0);
  private y = new Float64Array(0);
  private z = new Float64Array(0);
  private latitudes = new Float64Array(0);
  private longitudes = new Float64Array(0);
  private cellOfSlot = new Int32Array(0);
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
  /** Word ids of every slot, back to back (a dead slot's words stay until the next rebuild). */
  private words = new Int32Array(1024);
  private wordsUsed = 0;
  /** One bit per slot: the slot holds an announcement's current state. */
  private live = new Uint32Array(0);
  /**
   * Slot + 1 of each announcement id (0: not held). Typed arrays only, here and for the slot
   * lists: a million small JS objects made each major garbage collection a long pause.
   */
  private slotById = new Int32Array(1024);
  private liveCount = 0;
  /** Main slots of each grid cell: [start, end). */
  private cellRanges = new Map<number, [number, number]>();
  /**
   * Main slots of each sub-cell of the cells a nearest-first walk may split: where sub-cell s
   * starts at s, where the cell ends at SUB_CELLS.
   */
  private subCellStarts = new Map<number, Int32Array>();
  /** Word and value ids, shared with the indexes rebuilt from this one (ids stay valid). */
  private readonly wordIds: Map<string, number>;
  /** Frequent words as bitsets, the others as ascending slot lists (stale slots included). */
  private wordBits: (Uint32Array | undefined)[] = [];
  private postings: (Int32Array | undefined)[] = [];
  /** Slots of rare words added since the last rebuild (appended slots: ascending too). */
  private tailPostings: (number[] | undefined)[] = [];
  /** During a rebuild: how much of each word's slot list is filled. */
  private postingFill: Int32Array | null = null;
  /** Vehicle types (by id), colours and energies (by value id) as bitsets. */
  private typeBits: (Uint32Array | undefined)[] = [];
  private colorBits: (Uint32Array | undefined)[] = [];
  private energyBits: (Uint32Array | undefined)[] = [];
  private readonly valueIds: Map<string, number>;

  constructor(
    options: SearchIndexOptions = {},
    /** Only from `rebuiltSteps()`: the ids of the index it rebuilds. */
    shared: { wordIds: Map<string, number>; valueIds: Map<string, number> } = {
      wordIds: new Map(),
      valueIds: new Map(),
    },
  ) {
    this.wordIds = shared.wordIds;
    this.valueIds = shared.valueIds;
    this.frequentMin = options.frequentMin ?? FREQUENT_MIN;
    this.tailRebuildMin = options.tailRebuildMin ?? TAIL_REBUILD_MIN;
    this.maxMatches = options.maxMatches ?? MAX_MATCHES;
    this.subCellWalkMin = options.subCellWalkMin ?? SUB_CELL_WALK_MIN;
  }

  /** How many announcements the index holds. */
  get count(): number {
    return this.liveCount;
  }

  has(id: number): boolean {
    return this.slotOf(id) !== undefined;
  }

  /**
   * Adds the announcement, or replaces what the index knew of it, in a new slot of the tail. Call
   * `compact()` after a batch of changes: it rebuilds once the tail is long.
   */
  upsert(annonce: IndexedAnnonce): void {
    this.remove(annonce.id);
    if (this.size === this.capacity) this.grow(Math.max(1024, this.capacity * 2));
    const slot = this.size;
    this.size += 1;
    this.setSlotOf(annonce.id, slot);
    this.live[slot >>> 5]! |= 1 << (slot & 31);
    this.ids[slot] = annonce.id;
    const located = annonce.latitude !== null && annonce.longitude !== null;
    // Unlocated announcements sit far off the unit sphere: no radius ever reaches them.
    const [vx, vy, vz] = located ? unitVector(annonce.latitude!, annonce.longitude!) : [9, 9, 9];
    this.x[slot] = vx;
    this.y[slot] = vy;
    this.z[slot] = vz;
    this.latitudes[slot] = annonce.latitude ?? Number.NaN;
    this.longitudes[slot] = annonce.longitude ?? Number.NaN;
    this.cellOfSlot[slot] = located ? cellOf(annonce.latitude!, annonce.longitude!) : NULL_ID;
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
    this.storeWords(
      slot,
      annonce.words.map((word) => this.wordId(word)),
    );
    this.setValueBits(slot, this.types[slot]!, this.colors[slot]!, this.energies[slot]!);
  }

  /** Forgets the announcement (withdrawn, found, deleted…); nothing when it is not held. */
  remove(id: number): void {
    const slot = this.slotOf(id);
    if (slot === undefined) return;
    this.slotById[id] = 0;
    this.liveCount -= 1;
    this.live[slot >>> 5]! &= ~(1 << (slot & 31));
  }

  /** Whether the tail (or the dead slots) has grown long enough to slow searches down. */
  needsRebuild(): boolean {
    const waste = this.size - this.liveCount;
    const tail = this.size - this.mainEnd;
    const bound = Math.max(this.tailRebuildMin, this.liveCount / 8);
    return tail > bound || waste > bound;
  }

  /** Rebuilds at once when `needsRebuild()`. */
  compact(): void {
    if (this.needsRebuild()) this.rebuild();
  }

  /**
   * Lays the live slots out again in grid-cell order (a radius then reads a few contiguous
   * ranges) and decides again which words are frequent enough for a bitset. At once: a million
   * rows take about a second, so a serving process uses `rebuiltSteps()` instead.
   */
  rebuild(): void {
    const steps = this.rebuiltSteps();
    let step = steps.next();
    while (!step.done) step = steps.next();
    // Takes over the new layout; the word and value ids are already shared.
    Object.assign(this, step.value);
  }

  /**
   * The same rebuild into a new index, a slice at a time (it yields every REBUILD_SLICE rows), so
   * the caller can let requests run between slices while this one keeps answering. It reads the
   * slots live when it starts: changes made to this index meanwhile must be made to the new one
   * too before it replaces this one (search-index-sync.ts replays them).
   */
  *rebuiltSteps(): Generator<void, AnnonceSearchIndex, void> {
    // Sorted by cell, sub-cell, then slot through one numeric key per slot (a typed sort, no
    // comparator): cells and sub-cells below 2^26 (unlocated rows last), slots below 2^26.
    const keys = new Float64Array(this.liveCount);
    let next = 0;
    for (let slot = 0; slot < this.size; slot += 1) {
      if (!bitIsSet(this.live, slot)) continue;
      const cell = this.cellOfSlot[slot]!;
      const place =
        cell === NULL_ID
          ? GRID_CELLS * SUB_CELLS
          : cell * SUB_CELLS + subCellOf(this.latitudes[slot]!, this.longitudes[slot]!);
      keys[next] = place * 2 ** 26 + slot;
      next += 1;
    }
    keys.sort();
    yield;
    const order = Int32Array.from(keys, (key) => key % 2 ** 26);
    const subCells = Uint8Array.from(keys, (key) => Math.floor(key / 2 ** 26) % SUB_CELLS);
    // The arrays as they are now: this index may grow (new arrays) while the copy is made.
    const old = {
      ids: this.ids,
      x: this.x,
      y: this.y,
      z: this.z,
      latitudes: this.latitudes,
      longitudes: this.longitudes,
      cellOfSlot: this.cellOfSlot,
      types: this.types,
      brands: this.brands,
      models: this.models,
      finishes: this.finishes,
      colors: this.colors,
      energies: this.energies,
      fiscalPowers: this.fiscalPowers,
      validatedAts: this.validatedAts,
      rewards: this.rewards,
      boostEnds: this.boostEnds,
      wordStarts: this.wordStarts,
      wordCounts: this.wordCounts,
      words: this.words,
    };
    const rebuilt = new AnnonceSearchIndex(
      {
        frequentMin: this.frequentMin,
        tailRebuildMin: this.tailRebuildMin,
        maxMatches: this.maxMatches,
        subCellWalkMin: this.subCellWalkMin,
      },
      { wordIds: this.wordIds, valueIds: this.valueIds },
    );
    yield* rebuilt.layOut(old, order, subCells);
    return rebuilt;
  }

  /**
   * Fills this new index with the `order` slots of another's arrays, in that order (by cell, then
   * by sub-cell: `subCells`).
   */
  private *layOut(
    old: SlotArrays,
    order: Int32Array,
    subCells: Uint8Array,
  ): Generator<void, void, void> {
    this.cellRanges = new Map();
    this.subCellStarts = new Map();
    this.words = new Int32Array(1024);
    this.grow(Math.max(1024, Math.ceil((order.length * 1.25) / BITS) * BITS));
    // Which words are frequent: counted over the live rows.
    const occurrences = new Int32Array(this.wordIds.size);
    for (let at = 0; at < order.length; at += 1) {
      if (at % REBUILD_SLICE === REBUILD_SLICE - 1) yield;
      const slot = order[at]!;
      const start = old.wordStarts[slot]!;
      for (let at = start; at < start + old.wordCounts[slot]!; at += 1) {
        occurrences[old.words[at]!]! += 1;
      }
    }
    const frequentFrom = Math.max(this.frequentMin, order.length * FREQUENT_SHARE);
    const wordWords = this.capacity / BITS;
    occurrences.forEach((count, word) => {
      if (count >= frequentFrom) this.wordBits[word] = new Uint32Array(wordWords);
      else if (count > 0) this.postings[word] = new Int32Array(count);
    });
    this.postingFill = new Int32Array(this.wordIds.size);
    this.slotById.fill(0);
    this.liveCount = 0;
    for (let at = 0; at < order.length; at += 1) {
      if (at % REBUILD_SLICE === REBUILD_SLICE - 1) yield;
      const from = order[at]!;
      const slot = this.size;
      this.size += 1;
      this.setSlotOf(old.ids[from]!, slot);
      this.live[slot >>> 5]! |= 1 << (slot & 31);
      this.ids[slot] = old.ids[from]!;
      this.x[slot] = old.x[from]!;
      this.y[slot] = old.y[from]!;
      this.z[slot] = old.z[from]!;
      this.latitudes[slot] = old.latitudes[from]!;
      this.longitudes[slot] = old.longitudes[from]!;
      const cell = old.cellOfSlot[from]!;
      this.cellOfSlot[slot] = cell;
      if (cell !== NULL_ID) {
        const range = this.cellRanges.get(cell);
        if (range) range[1] = slot + 1;
        else this.cellRanges.set(cell, [slot, slot + 1]);
        let starts = this.subCellStarts.get(cell);
        if (!starts) {
          starts = new Int32Array(SUB_CELLS + 1).fill(-1);
          this.subCellStarts.set(cell, starts);
        }
        const subCell = subCells[at]!;
        if (starts[subCell] === -1) starts[subCell] = slot;
        starts[SUB_CELLS] = slot + 1;
      }
      this.types[slot] = old.types[from]!;
      this.brands[slot] = old.brands[from]!;
      this.models[slot] = old.models[from]!;
      this.finishes[slot] = old.finishes[from]!;
      this.colors[slot] = old.colors[from]!;
      this.energies[slot] = old.energies[from]!;
      this.fiscalPowers[slot] = old.fiscalPowers[from]!;
      this.validatedAts[slot] = old.validatedAts[from]!;
      this.rewards[slot] = old.rewards[from]!;
      this.boostEnds[slot] = old.boostEnds[from]!;
      const start = old.wordStarts[from]!;
      this.storeWords(slot, old.words.subarray(start, start + old.wordCounts[from]!));
      this.setValueBits(slot, this.types[slot]!, this.colors[slot]!, this.energies[slot]!);
    }
    this.mainEnd = this.size;
    this.postingFill = null;
    // Sub-cells without rows start where the next one does; small cells are read whole.
    for (const [cell, starts] of this.subCellStarts) {
      if (starts[SUB_CELLS]! - this.cellRanges.get(cell)![0] < this.subCellWalkMin) {
        this.subCellStarts.delete(cell);
        continue;
      }
      for (let subCell = SUB_CELLS - 1; subCell >= 0; subCell -= 1) {
        if (starts[subCell] === -1) starts[subCell] = starts[subCell + 1]!;
      }
    }
  }

  /**
   * The page and the number of matches up to `cap`, as findAnnonces answers them (same criteria,
   * same orders and tie-breaks, boosted first when asked), for a search `isIndexable` accepts;
   * null when the matches are more than MAX_MATCHES (ask PostgreSQL).
   */
  find(options: {
    criteria: SearchCriteria;
    order: ListOrder;
    boostedFirst: boolean;
    /** Where distances and PROXIMITY are measured from (search-order.ts's `from`). */
    from: LatLng | null;
    offset: number;
    limit: number;
    now: Date;
    cap: number;
  }): IndexedPage | null {
    const { criteria, order, from, offset, limit, cap } = options;
    const location = locationOf(criteria);
    if (!location || !INDEXED_ORDERS.has(order)) {
      throw new Error(`the search index cannot answer ${order} without a location`);
    }
    if (order === 'PROXIMITY' && !from) throw new Error('PROXIMITY needs a reference position');
    const [cx, cy, cz] = from ? unitVector(from.latitude, from.longitude) : [0, 0, 0];
    const squaredChord = (slot: number) => {
      const dx = this.x[slot]! - cx;
      const dy = this.y[slot]! - cy;
      const dz = this.z[slot]! - cz;
      return dx * dx + dy * dy + dz * dz;
    };
    const compare = this.comparator(order, options.boostedFirst, options.now, squaredChord);
    const wanted = offset + limit;
    let ordered: number[];
    let total: number;
    if (wanted > SHORT_PAGE) {
      // Deep pages and the map: every match, sorted.
      const matches: number[] = [];
      const collected = this.matchingSlots(
        criteria,
        location,
        (slot) => matches.push(slot) <= this.maxMatches,
      );
      if (!collected) return null;
      ordered = matches.sort(compare).slice(0, wanted);
      total = matches.length;
    } else {
      // A page: the best `wanted` kept in a short sorted buffer as matches stream by, the others
      // only counted. Nearest first from the radius' centre, cells are read nearest first and
      // the walk stops once the count is past the cap and no unread cell can hold a nearer one.
      const best: number[] = [];
      total = 0;
      const nearestFirst =
        order === 'PROXIMITY' &&
        !options.boostedFirst &&
        from !== null &&
        from.latitude === location.latitude &&
        from.longitude === location.longitude;
      const collected = this.matchingSlots(
        criteria,
        location,
        (slot) => {
          total += 1;
          keepBest(best, wanted, slot, compare);
          return total <= this.maxMatches;
        },
        nearestFirst
          ? (bound) =>
              total > cap && best.length === wanted && bound > squaredChord(best[wanted - 1]!)
          : undefined,
        cap,
      );
      if (!collected) return null;
      ordered = best;
    }
    const items = ordered.slice(offset, wanted).map((slot) => ({
      id: this.ids[slot]!,
      latitude: this.latitudes[slot]!,
      longitude: this.longitudes[slot]!,
      distanceKm: from ? chordToKm(Math.sqrt(squaredChord(slot))) : null,
    }));
    return { items, total: total > cap ? null : total };
  }

  /**
   * Gives `visit` every slot inside the radius that meets the criteria; false when `visit` said to
   * give up (too many). A rare word drives (its slot list); otherwise the radius' cells are read
   * as bit ranges ANDed with the bitsets of the frequent words, types, colours and energies, 32
   * slots at a time; what bitsets do not hold (the exact distance, brands, models, finishes,
   * fiscal power, rare words) is checked on each survivor. With `done`, the cells are read nearest
   * the radius' centre first, and the walk ends before the first cell whose every slot is at a
   * squared chord above what `done` accepts (it answers true), which it never does before more
   * than `doneFrom` matches were counted.
   */
  private matchingSlots(
    criteria: SearchCriteria,
    location: { latitude: number; longitude: number; radiusKm: number },
    visit: (slot: number) => boolean,
    done?: (squaredChordBound: number) => boolean,
    doneFrom = 0,
  ): boolean {
    const frequentWords: Uint32Array[] = [];
    const rareWords: number[] = [];
    for (const word of searchWords(criteria.researchText)) {
      const id = this.wordIds.get(word);
      // A word no announcement has: nothing matches.
      if (id === undefined) return true;
      const bits = this.wordBits[id];
      if (bits) frequentWords.push(bits);
      else rareWords.push(id);
    }
    // Each group is an OR of bitsets; the groups are ANDed.
    const groups: Uint32Array[][] = frequentWords.map((bits) => [bits]);
    const valueGroup = (bitsets: (Uint32Array | undefined)[], ids: readonly number[]) => {
      if (ids.length === 0) return true;
      const group = ids.flatMap((id) => bitsets[id] ?? []);
      if (group.length === 0) return false;
      groups.push(group);
      return true;
    };
    const valueIdsOf = (values: readonly string[]) =>
      values.flatMap((value) => this.valueIds.get(value) ?? []);
    if (
      !valueGroup(this.typeBits, criteria.vehicleTypeIds) ||
      !valueGroup(this.colorBits, valueIdsOf(criteria.colors)) ||
      !valueGroup(this.energyBits, valueIdsOf(criteria.energies))
    ) {
      return true;
    }
    const setOf = (values: readonly number[]) => (values.length > 0 ? new Set(values) : null);
    const brands = setOf(criteria.brandIds);
    const models = setOf(criteria.modelIds);
    const finishes = setOf(criteria.modelFinishIds);
    const minPower = criteria.minFiscalPower;
    const maxPower = criteria.maxFiscalPower;
    const [cx, cy, cz] = unitVector(location.latitude, location.longitude);
    // Inside the radius when the chord is at most this (a hair over, like PostgreSQL's <=).
    const maxChord = 2 * Math.sin(Math.min(Math.PI / 2, location.radiusKm / (2 * EARTH_RADIUS_KM)));
    const maxChord2 = maxChord * maxChord * (1 + 1e-12);
    const { x, y, z } = this;
    const rest = (slot: number) => {
      const dx = x[slot]! - cx;
      const dy = y[slot]! - cy;
      const dz = z[slot]! - cz;
      if (dx * dx + dy * dy + dz * dz > maxChord2) return false;
      if (brands && !brands.has(this.brands[slot]!)) return false;
      if (models && !models.has(this.models[slot]!)) return false;
      if (finishes && !finishes.has(this.finishes[slot]!)) return false;
      const power = this.fiscalPowers[slot]!;
      if (minPower !== null && (power === NULL_ID || power < minPower)) return false;
      if (maxPower !== null && (power === NULL_ID || power > maxPower)) return false;
      return true;
    };

    const inGroups = (slot: number) => {
      for (let g = 0; g < groups.length; g += 1) {
        const group = groups[g]!;
        let found = false;
        for (let b = 0; b < group.length && !found; b += 1) found = bitIsSet(group[b]!, slot);
        if (!found) return false;
      }
      return true;
    };
    // The radius' cells. The bounding box's corner cells may lie wholly outside the circle: not
    // read at all.
    let ranges: Range[] = [];
    for (const cell of cellsAround(location)) {
      const range = this.cellRanges.get(cell);
      if (!range) continue;
      const bound = cellSquaredChordBound(cell, location);
      if (bound <= maxChord2) ranges.push([range[0], range[1], bound, cell]);
    }
    if (done) ranges = sortedByBound(ranges);
    /**
     * Gives `read` each range's slots, nearest first with `done`, until `done` accepts the next
     * range's bound. There a dense cell gives way to its sub-cells, merged by bound into the ranges
     * left, when the walk may end inside it: once the count is past `doneFrom`, or at the nearest
     * cell (the page's rows are likely there) when it may hold more matches than that (at most
     * `candidates`). Elsewhere it is read whole: its sub-cells' bounds and ranges would cost more
     * than they save. False when `read` gave up.
     */
    let cellsReached = 0;
    const eachRange = (
      read: (start: number, end: number) => boolean,
      candidates: (start: number, end: number) => number,
    ): boolean => {
      for (let at = 0; at < ranges.length; at += 1) {
        const [start, end, bound, cell] = ranges[at]!;
        if (done?.(bound)) return true;
        const starts = done && cell !== NULL_ID ? this.subCellStarts.get(cell) : undefined;
        const first = cell !== NULL_ID && cellsReached++ === 0;
        // Past the cap, `done` answers on bounds alone (an infinite one passes any page).
        const pastTheCap = starts !== undefined && done!(Number.POSITIVE_INFINITY);
        if (starts && (pastTheCap || (first && candidates(start, end) > doneFrom))) {
          const bounds = subCellSquaredChordBounds(cell, location);
          const subCells: Range[] = [];
          for (let subCell = 0; subCell < SUB_CELLS; subCell += 1) {
            const [from, to] = [starts[subCell]!, starts[subCell + 1]!];
            if (from < to && bounds[subCell]! <= maxChord2) {
              subCells.push([from, to, Math.max(bound, bounds[subCell]!), NULL_ID]);
            }
          }
          ranges = mergedByBound(sortedByBound(subCells), ranges, at + 1);
          at = -1;
        } else if (!read(start, end)) return false;
      }
      return true;
    };
    const live = this.live;

    if (rareWords.length > 0) {
      // The rarest word's slots, each checked against everything else: those of the tail (rows
      // changed since the last rebuild, in no cell order) first, then, cell by cell, the part of
      // its ascending main list that falls in the cell's slot range.
      const listed = (word: number) =>
        (this.postings[word]?.length ?? 0) + (this.tailPostings[word]?.length ?? 0);
      rareWords.sort((p, q) => listed(p) - listed(q));
      const others = rareWords.slice(1);
      const driver = rareWords[0]!;
      let previous = -1;
      const check = (slot: number) => {
        // A slot listed twice (a word repeated in a row) is counted once.
        if (slot === previous) return true;
        previous = slot;
        if (!bitIsSet(live, slot) || !inGroups(slot) || !rest(slot)) return true;
        if (others.length > 0 && !this.hasWords(slot, others)) return true;
        return visit(slot);
      };
      const tail = this.tailPostings[driver] ?? [];
      for (let at = 0; at < tail.length; at += 1) if (!check(tail[at]!)) return false;
      const main = this.postings[driver];
      if (!main) return true;
      return eachRange(
        (start, end) => {
          previous = -1;
          for (let at = firstAtLeast(main, start); at < main.length && main[at]! < end; at += 1) {
            if (!check(main[at]!)) return false;
          }
          return true;
        },
        // The word's slots there: no more can match.
        (start, end) => firstAtLeast(main, end) - firstAtLeast(main, start),
      );
    }
    const everySlot = (start: number, end: number) => end - start;
    // The tail is read first, whole.
    if (this.size > this.mainEnd) ranges.unshift([this.mainEnd, this.size, 0, NULL_ID]);
    return eachRange((start, end) => {
      const first = start >>> 5;
      const last = (end - 1) >>> 5;
      for (let word = first; word <= last; word += 1) {
        const low = word === first ? start & 31 : 0;
        const high = word === last ? ((end - 1) & 31) + 1 : 32;
        let mask = live[word]! & (high === 32 ? -1 : (1 << high) - 1) & (-1 << low);
        for (let g = 0; mask !== 0 && g < groups.length; g += 1) {
          const group = groups[g]!;
          let union = 0;
          for (let b = 0; b < group.length; b += 1) union |= group[b]![word]!;
          mask &= union;
        }
        while (mask !== 0) {
          const lowest = mask & -mask;
          const slot = word * BITS + (31 - Math.clz32(lowest));
          mask ^= lowest;
          if (rest(slot) && !visit(slot)) return false;
        }
      }
      return true;
    }, everySlot);
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
   * findAnnonces' orders (search-order.ts sortKeys): boosted first when asked, then the keys,
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

  private slotOf(id: number): number | undefined {
    const stored = id < this.slotById.length ? this.slotById[id]! : 0;
    return stored === 0 ? undefined : stored - 1;
  }

  private setSlotOf(id: number, slot: number): void {
    if (id >= this.slotById.length) {
      const grown = new Int32Array(Math.max(id + 1, this.slotById.length * 2));
      grown.set(this.slotById);
      this.slotById = grown;
    }
    this.slotById[id] = slot + 1;
    this.liveCount += 1;
  }

  private wordId(word: string): number {
    let id = this.wordIds.get(word);
    if (id === undefined) {
      id = this.wordIds.size;
      this.wordIds.set(word, id);
    }
    return id;
  }

  private storeWords(slot: number, wordIds: ArrayLike<number>): void {
    if (this.wordsUsed + wordIds.length > this.words.length) {
      const grown = new Int32Array(
        Math.max(this.words.length * 2, this.wordsUsed + wordIds.length),
      );
      grown.set(this.words.subarray(0, this.wordsUsed));
      this.words = grown;
    }
    this.wordStarts[slot] = this.wordsUsed;
    this.wordCounts[slot] = wordIds.length;
    for (let at = 0; at < wordIds.length; at += 1) {
      const word = wordIds[at]!;
      this.words[this.wordsUsed] = word;
      this.wordsUsed += 1;
      const bits = this.wordBits[word];
      if (bits) bits[slot >>> 5]! |= 1 << (slot & 31);
      else {
        const main = this.postings[word];
        if (this.postingFill && main) {
          main[this.postingFill[word]!] = slot;
          this.postingFill[word]! += 1;
        } else {
          // Slots only grow, so each list stays in ascending order.
          const list = this.tailPostings[word];
          if (list) list.push(slot);
          else this.tailPostings[word] = [slot];
        }
      }
    }
  }

  /** Sets the slot's bit in its type's, colour's and energy's bitsets (ids; NULL_ID: none). */
  private setValueBits(slot: number, type: number, color: number, energy: number): void {
    if (type !== NULL_ID) this.valueBitsOf(this.typeBits, type)[slot >>> 5]! |= 1 << (slot & 31);
    if (color !== NULL_ID) this.valueBitsOf(this.colorBits, color)[slot >>> 5]! |= 1 << (slot & 31);
    if (energy !== NULL_ID) {
      this.valueBitsOf(this.energyBits, energy)[slot >>> 5]! |= 1 << (slot & 31);
    }
  }

  private valueBitsOf(bitsets: (Uint32Array | undefined)[], id: number): Uint32Array {
    let bits = bitsets[id];
    if (!bits) {
      bits = new Uint32Array(this.capacity / BITS);
      bitsets[id] = bits;
    }
    return bits;
  }

  private grow(capacity: number): void {
    const grown = <T extends Float64Array | Int32Array | Uint32Array>(
      array: T,
      length = capacity,
    ): T => {
      const next = new (array.constructor as new (length: number) => T)(length);
      next.set(array.subarray(0, Math.min(array.length, length)) as never);
      return next;
    };
    this.ids = grown(this.ids);
    this.x = grown(this.x);
    this.y = grown(this.y);
    this.z = grown(this.z);
    this.latitudes = grown(this.latitudes);
    this.longitudes = grown(this.longitudes);
    this.cellOfSlot = grown(this.cellOfSlot);
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
    // Capacities are multiples of 32 (1024 doubled, or rounded up below): whole bitset words.
    const bitWords = capacity / BITS;
    this.live = grown(this.live, bitWords);
    for (const bitsets of [this.wordBits, this.typeBits, this.colorBits, this.energyBits]) {
      bitsets.forEach((bits, at) => {
        if (bits) bitsets[at] = grown(bits, bitWords);
      });
    }
    this.capacity = capacity;
  }
}

/**
 * Slots [start, end), the least squared chord from the search's centre to any of them, and their
 * grid cell (NULL_ID: a sub-cell or the tail, read whole).
 */
type Range = [number, number, number, number];

/** Squared chords are rounded down to multiples of 2^-36 to sort as numbers: 25 m at most. */
const BOUND_SCALE = 2 ** 36;
const RANGE_INDEX_SCALE = 2 ** 12;

/**
 * The ranges in ascending order of bound, each bound rounded down to a multiple of 2^-36: as one
 * typed sort of numbers (bound, then position), where a comparator's sort of a hundred ranges
 * took 20 µs, as long as the walk's whole sparse search. Rounded down, a bound still holds (no
 * slot is nearer), and ranges whose bounds differ by less than the rounding get the same one, so
 * a walk ending before one ends before the others too.
 */
function sortedByBound(ranges: readonly Range[]): Range[] {
  const rounded = (bound: number) => Math.floor(bound * BOUND_SCALE) / BOUND_SCALE;
  const sorted: Range[] = new Array<Range>(ranges.length);
  if (ranges.length >= RANGE_INDEX_SCALE) {
    ranges.forEach(([start, end, bound, cell], at) => {
      sorted[at] = [start, end, rounded(bound), cell];
    });
    return sorted.sort((p, q) => p[2] - q[2]);
  }
  // Bounds are at most 4 (the squared diameter): keys stay below 2^50, exact as doubles.
  const keys = new Float64Array(ranges.length);
  for (let at = 0; at < ranges.length; at += 1) {
    keys[at] = Math.floor(ranges[at]![2] * BOUND_SCALE) * RANGE_INDEX_SCALE + at;
  }
  keys.sort();
  for (let at = 0; at < keys.length; at += 1) {
    const key = keys[at]!;
    const [start, end, , cell] = ranges[key % RANGE_INDEX_SCALE]!;
    sorted[at] = [start, end, Math.floor(key / RANGE_INDEX_SCALE) / BOUND_SCALE, cell];
  }
  return sorted;
}

/** Two lists sorted by bound (`b` from `from` on) as one, in a single pass. */
function mergedByBound(a: readonly Range[], b: readonly Range[], from: number): Range[] {
  const merged: Range[] = [];
  let i = 0;
  let j = from;
  while (i < a.length && j < b.length) merged.push(a[i]![2] <= b[j]![2] ? a[i++]! : b[j++]!);
  while (i < a.length) merged.push(a[i++]!);
  while (j < b.length) merged.push(b[j++]!);
  return merged;
}

/** Pages up to this many rows (offset included) are kept while streaming; deeper ones sorted. */
const SHORT_PAGE = 64;

/** The first position of an ascending list holding a value at least `value`. */
function firstAtLeast(list: Int32Array, value: number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (list[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Inserts the slot into `best` (sorted, at most `count` long) when it is among the first. */
function keepBest(
  best: number[],
  count: number,
  slot: number,
  compare: (a: number, b: number) => number,
): void {
  if (best.length === count && compare(slot, best[count - 1]!) >= 0) return;
  let at = best.length === count ? count - 1 : best.length;
  while (at > 0 && compare(slot, best[at - 1]!) < 0) {
    best[at] = best[at - 1]!;
    at -= 1;
  }
  best[at] = slot;
}
