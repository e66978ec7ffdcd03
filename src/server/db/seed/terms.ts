import { addDays, type Day } from './dates';
import type { Rng } from './random';

export type Period = 'past' | 'current' | 'future';

export interface Term {
  /** "Fall 2026" */
  name: string;
  /** "FA26" */
  code: string;
  start: Day;
  end: Day;
  /** Share of the sections that fall in this term. */
  weight: number;
}

/** The academic calendar: month (0-based) and day of each term's first and last day. */
const SEASONS = [
  { name: 'Spring', code: 'SP', start: [0, 12], end: [4, 8] },
  { name: 'Summer', code: 'SU', start: [4, 26], end: [7, 7] },
  { name: 'Fall', code: 'FA', start: [7, 24], end: [11, 11] },
] as const;
/** Weights of the four past terms, the current one and the two future ones. */
const WEIGHTS = [10, 11, 11, 12, 36, 12, 8];

export function periodOf(start: Day, end: Day, today: Day): Period {
  if (end < today) return 'past';
  if (start > today) return 'future';
  return 'current';
}

/**
 * Seven calendar terms around today: four past, the current one, two future. When today falls
 * in a break between terms, the term that just ended is stretched past today (a late finals
 * period), so there are always running courses.
 */
export function buildTerms(today: Day): Term[] {
  const year = new Date(today).getUTCFullYear();
  const all: Term[] = [];
  for (let y = year - 3; y <= year + 2; y++) {
    for (const s of SEASONS) {
      all.push({
        name: `${s.name} ${y}`,
        code: `${s.code}${String(y).slice(2)}`,
        start: Date.UTC(y, s.start[0], s.start[1]),
        end: Date.UTC(y, s.end[0], s.end[1]),
        weight: 0,
      });
    }
  }
  const current = all.findLastIndex((t) => t.start <= today);
  if (all[current].end < today) all[current].end = addDays(today, 14);
  return all.slice(current - 4, current + 3).map((t, k) => ({ ...t, weight: WEIGHTS[k] }));
}

/** Dates of a section: a weighted term, then full term (most), first or second half, or an intensive. */
export function sectionDates(rng: Rng, terms: Term[]): { term: Term; start: Day; end: Day } {
  const term = rng.weighted(terms.map((t) => [t, t.weight] as const));
  const half = Math.floor((term.end - term.start) / 86_400_000 / 2);
  const shape = rng.weighted([
    ['full', 70],
    ['first', 12],
    ['second', 12],
    ['intensive', 6],
  ] as const);
  if (shape === 'first') return { term, start: term.start, end: addDays(term.start, half - 1) };
  if (shape === 'second') return { term, start: addDays(term.start, half), end: term.end };
  if (shape === 'intensive') return { term, start: addDays(term.start, 14), end: addDays(term.start, 48) };
  return { term, start: term.start, end: term.end };
}

/** The first term after the current one (where copied courses land). */
export function nextTerm(terms: Term[]): Term {
  return terms[5];
}
