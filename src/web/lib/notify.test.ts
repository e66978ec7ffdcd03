import { beforeEach, describe, expect, it, vi } from 'vitest';
import { GENERIC_SERVER_ERROR } from '../../shared/errors';
import { ApiError } from './api';

const show = vi.fn();
vi.mock('@mantine/notifications', () => ({ notifications: { show } }));
vi.mock('../i18n', () => ({
  i18n: {
    t: (key: string) => (key === 'errors.generic' ? GENERIC_SERVER_ERROR : key),
    exists: (key: string) => key === 'error.server',
  },
}));

const { notifyError, notifySuccess } = await import('./notify');

describe('notify helpers (spec §8, §9)', () => {
  beforeEach(() => show.mockReset());

  it('success messages close after 5 s', () => {
    notifySuccess('Saved.');
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: 'Saved.', autoClose: 5000 }));
  });

  it("errors stay until closed and show the server's description", () => {
    notifyError(
      new ApiError({ status: 409, message: 'error.conflict', description: 'Course is already paired' }),
    );
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'Course is already paired', autoClose: false, color: 'red' }),
    );
  });

  it('errors that are not API answers show the generic server error, character for character', () => {
    notifyError(new Error('boom'));
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({
        message: 'There seems to be a problem with the servers.  Please try again later.',
      }),
    );
  });
});
