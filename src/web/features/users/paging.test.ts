import { describe, expect, it } from 'vitest';
import { pageIndexFor } from './paging';

describe('users list paging (spec §4)', () => {
  it('moves to the previous index unless it is 0', () => {
    expect(pageIndexFor(1)).toBe(0);
    expect(pageIndexFor(2)).toBe(1);
    expect(pageIndexFor(5)).toBe(4);
    expect(pageIndexFor(0)).toBe(0);
  });
});
