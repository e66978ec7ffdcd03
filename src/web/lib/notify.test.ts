import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
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

const { notifyDenied, notifyError, notifyErrorText, notifySuccess } = await import('./notify');

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

  it("a caller's own error text stays until closed, with a named close button", () => {
    notifyErrorText("We can't copy the course that you selected.");
    expect(show).toHaveBeenCalledWith({
      message: "We can't copy the course that you selected.",
      color: 'red',
      autoClose: false,
      closeButtonProps: { 'aria-label': 'common.close' },
    });
  });

  it("a bare 403 access refusal shows the call's own text; an explained one the server's words", () => {
    notifyDenied(new ApiError({ status: 403, message: 'error.accessDenied' }), 'Cannot add user');
    expect(show).toHaveBeenLastCalledWith({
      message: 'Cannot add user',
      color: 'red',
      autoClose: false,
      closeButtonProps: { 'aria-label': 'common.close' },
    });
    notifyDenied(
      new ApiError({ status: 403, message: 'error.accessDenied', description: 'Not in this institution' }),
      'Cannot add user',
    );
    expect(show).toHaveBeenLastCalledWith(
      expect.objectContaining({ message: 'Not in this institution', autoClose: false }),
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

describe('one way to show a message', () => {
  it('no web file but lib/notify.ts calls notifications.show', () => {
    const web = join(dirname(fileURLToPath(import.meta.url)), '..');
    const files = readdirSync(web, { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
      .map((f) => relative(web, join(web, f)).replaceAll('\\', '/'));
    const callers = files.filter(
      (f) => f !== 'lib/notify.ts' && /notifications\s*\.\s*show\(/.test(readFileSync(join(web, f), 'utf8')),
    );
    expect(files).toContain('lib/notify.ts');
    expect(callers).toEqual([]);
  });
});
