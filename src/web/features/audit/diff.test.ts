import { describe, expect, it } from 'vitest';
import { fieldChanges, showValue } from './diff';

describe('fieldChanges', () => {
  it('lists changed, added and removed fields, not unchanged ones', () => {
    expect(
      fieldChanges(
        { name: 'Old', version: 1, same: 'x', gone: true },
        { name: 'New', version: 2, same: 'x', added: 'y' },
      ),
    ).toEqual([
      { field: 'name', before: 'Old', after: 'New' },
      { field: 'version', before: 1, after: 2 },
      { field: 'gone', before: true, after: undefined },
      { field: 'added', before: undefined, after: 'y' },
    ]);
  });

  it('walks nested objects by dotted path and compares arrays whole', () => {
    expect(fieldChanges({ a: { b: 1, c: [1, 2] } }, { a: { b: 1, c: [1, 2, 3] } })).toEqual([
      { field: 'a.c', before: [1, 2], after: [1, 2, 3] },
    ]);
  });

  it('handles a creation (null before), a deletion (null after) and a refused attempt (both null)', () => {
    expect(fieldChanges(null, { id: 5 })).toEqual([{ field: 'id', before: undefined, after: 5 }]);
    expect(fieldChanges({ id: 5 }, null)).toEqual([{ field: 'id', before: 5, after: undefined }]);
    expect(fieldChanges(null, null)).toEqual([]);
    expect(fieldChanges('a', 'b')).toEqual([{ field: '(value)', before: 'a', after: 'b' }]);
  });

  it('shows values as text', () => {
    expect(showValue(undefined)).toBe('');
    expect(showValue('x')).toBe('x');
    expect(showValue([1, 'a'])).toBe('[1,"a"]');
    expect(showValue(null)).toBe('null');
  });
});
