import { Faker, base, en } from '@faker-js/faker';

/** The fixed seed of the demo world: the same world on every machine and every run. */
export const DEMO_SEED = 20261122;

/** A seeded faker instance of its own, so seeding never disturbs the global `faker`. */
export function seededFaker(seed = DEMO_SEED): Faker {
  const f = new Faker({ locale: [en, base] });
  f.seed(seed);
  return f;
}

/**
 * A small, fast, seeded PRNG (mulberry32) for the hot loops (tens of thousands of rows),
 * where faker's per-call overhead would show.
 */
export class Rng {
  private state: number;

  constructor(seed = DEMO_SEED) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** Picks a value with probability proportional to its weight. */
  weighted<T>(choices: readonly (readonly [T, number])[]): T {
    const total = choices.reduce((s, [, w]) => s + w, 0);
    let r = this.next() * total;
    for (const [value, w] of choices) {
      r -= w;
      if (r < 0) return value;
    }
    return choices[choices.length - 1][0];
  }

  /** A shuffled copy (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  }
}
