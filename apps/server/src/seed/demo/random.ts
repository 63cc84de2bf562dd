/**
 * A small seeded pseudo-random generator (mulberry32): the demo data must be the same on every
 * machine and every run, which Math.random cannot promise.
 */
export interface Random {
  /** In [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Picks by weight; items with weight 0 are never picked. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T;
  /** A string of `length` characters drawn from `alphabet`. */
  string(alphabet: string, length: number): string;
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    chance: (probability) => next() < probability,
    pick<T>(items: readonly T[]): T {
      if (items.length === 0) throw new Error('cannot pick from an empty list');
      return items[int(0, items.length - 1)] as T;
    },
    weighted<T>(entries: readonly (readonly [T, number])[]): T {
      const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
      if (total <= 0) throw new Error('cannot pick from weights that sum to 0');
      let target = next() * total;
      let lastPossible: T | undefined;
      for (const [item, weight] of entries) {
        if (weight <= 0) continue;
        if (target < weight) return item;
        target -= weight;
        lastPossible = item;
      }
      // Only reached through floating-point rounding on the very last entry.
      return lastPossible as T;
    },
    string(alphabet, length) {
      let result = '';
      for (let index = 0; index < length; index += 1)
        result += alphabet[int(0, alphabet.length - 1)];
      return result;
    },
  };
}

/** Same seed, same sequence: a stable number from a label, to give each part its own stream. */
export function seedFrom(label: string): number {
  let hash = 2_166_136_261;
  for (let index = 0; index < label.length; index += 1) {
    hash ^= label.charCodeAt(index);
    hash = Math.imul(hash, 16_777_619);
  }
  return hash >>> 0;
}
