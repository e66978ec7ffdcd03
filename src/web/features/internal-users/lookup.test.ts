import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { lookupErrorText } from './lookup';

const t = (k: string) => k;

describe('e-mail lookup rules (spec §5)', () => {
  it('accepts an answer with an e-mail', () => {
    expect(lookupErrorText({ ok: true, data: { email: 'a@b.c' } }, t)).toBeNull();
  });
  it('an answer without e-mail is an invalid user name', () => {
    expect(lookupErrorText({ ok: true, data: { userName: 'x' } }, t)).toBe('internalUsers.invalidUsername');
  });
  it('a 200 that cannot be read is a server error', () => {
    expect(lookupErrorText({ ok: true, data: '<html>' }, t)).toBe('errors.generic');
  });
  it('a failure shows its description, else the user-name error', () => {
    const described = new ApiError({
      status: 404,
      message: 'error.notFound',
      description: 'Invalid Username',
    });
    expect(lookupErrorText({ ok: false, error: described }, t)).toBe('Invalid Username');
    const bare = new ApiError({ status: 500, message: 'error.server' });
    expect(lookupErrorText({ ok: false, error: bare }, t)).toBe('internalUsers.invalidUsername');
  });
});
