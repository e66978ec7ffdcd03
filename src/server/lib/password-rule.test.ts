import { describe, expect, it } from 'vitest';
import { AppError } from './app-error';
import { assertPasswordAllowed, PASSWORD_PROBLEM_TEXT, passwordProblem } from './password-rule';

const owner = {
  username: 'jordan.pike',
  email: 'jpike@uni.example.edu',
  firstName: 'Jordan',
  lastName: 'Pike',
};

describe('the local password rule', () => {
  it.each([
    ['password1234', 'guessable'],
    ['123456789012', 'guessable'],
    ['aaaaaaaaaaaa', 'guessable'],
    ['qwertyuiop12', 'guessable'],
    ['iloveyou2024', 'guessable'],
    ['p@ssw0rd1234', 'guessable'],
    ['aB3$'.repeat(125), 'guessable'],
    ['short-pass1', 'tooShort'],
    ['x'.repeat(501), 'tooLong'],
    ['Jordan.Pike-sunflower-42', 'hasName'],
    ['my-JPIKE-river-stones', 'hasName'],
  ])('refuses %s (%s)', async (password, problem) => {
    expect(await passwordProblem(password, owner)).toBe(problem);
  });

  it.each(['correct-horse-battery-staple', 'sunflower-river-42-lantern', 'Tr0ub4dor&3-xylophone'])(
    'accepts %s',
    async (password) => {
      expect(await passwordProblem(password, owner)).toBeNull();
    },
  );

  it('ignores user-name parts too short to matter', async () => {
    expect(
      await passwordProblem('correct-horse-battery-staple', { username: 'co', email: 'ba@x.edu' }),
    ).toBeNull();
  });

  it('answers a refusal as a 422 with the message on the field', async () => {
    const err = await assertPasswordAllowed('password1234', owner).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({
      status: 422,
      code: 'error.weakPassword',
      fields: { password: PASSWORD_PROBLEM_TEXT.guessable },
    });
    await expect(assertPasswordAllowed('correct-horse-battery-staple', owner)).resolves.toBeUndefined();
  });
});
