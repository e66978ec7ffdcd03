import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../shared/constants';
import { AppError } from './app-error';

/** zxcvbn score (0-4) a new password needs: 3 is "safely unguessable: moderate protection from offline attacks". */
export const PASSWORD_MIN_SCORE = 3;
/** Shorter parts of a user name or e-mail are too common to refuse a password for holding them. */
const MIN_NAME_PART = 3;
/** zxcvbn estimates the first this many characters (a strong prefix makes a strong password). */
const CHECKED_LENGTH = 64;

/** The account a password is for: the words it may not contain. */
export interface PasswordOwner {
  username?: string | null;
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}

export type PasswordProblem = 'tooShort' | 'tooLong' | 'hasName' | 'guessable';

/** English texts of the refusals; the web shows `error.<code>` of PASSWORD_PROBLEM_CODE in its language. */
export const PASSWORD_PROBLEM_TEXT: Record<PasswordProblem, string> = {
  tooShort: `The password needs at least ${PASSWORD_MIN_LENGTH} characters.`,
  tooLong: `The password may have at most ${PASSWORD_MAX_LENGTH} characters.`,
  hasName:
    'The password may not contain your user name or e-mail address. Choose one without them, for example a few unrelated words.',
  guessable:
    'This password is too easy to guess (it is common or found in breached password lists). Choose a longer one, for example a few unrelated words.',
};

const PASSWORD_PROBLEM_CODE = {
  tooShort: 'error.passwordTooShort',
  tooLong: 'error.passwordTooLong',
  hasName: 'error.passwordHasName',
  guessable: 'error.weakPassword',
} as const;

type Checker = (password: string, userInputs: string[]) => number;
let checker: Promise<Checker> | undefined;

/** zxcvbn with the common and English dictionaries, built once on first use (they take a while to load). */
function loadChecker(): Promise<Checker> {
  checker ??= (async () => {
    const [{ ZxcvbnFactory }, common, en] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-en'),
    ]);
    const zxcvbn = new ZxcvbnFactory({
      // Repetitive long passwords with many look-alike characters (aB3$aB3$…) make the l33t
      // matcher explode; the first 64 characters and 4 substitutions keep every check short.
      maxLength: CHECKED_LENGTH,
      l33tMaxSubstitutions: 4,
      translations: en.translations,
      graphs: common.adjacencyGraphs,
      dictionary: { ...common.dictionary, ...en.dictionary },
    });
    return (password, userInputs) => zxcvbn.check(password, userInputs).score;
  })();
  checker.catch(() => {
    checker = undefined;
  });
  return checker;
}

/** Lowercased words of an account, skipping those too short to matter. */
const words = (...list: (string | null | undefined)[]) => [
  ...new Set(list.map((w) => w?.trim().toLowerCase() ?? '').filter((w) => w.length >= MIN_NAME_PART)),
];

/**
 * THE rule for a new local password, wherever one is set: 12 to 500 characters, not holding the
 * user name or e-mail (local part), and not common, breached or otherwise guessable (zxcvbn score).
 */
export async function passwordProblem(
  password: string,
  owner: PasswordOwner,
): Promise<PasswordProblem | null> {
  if (password.length < PASSWORD_MIN_LENGTH) return 'tooShort';
  if (password.length > PASSWORD_MAX_LENGTH) return 'tooLong';
  const localPart = owner.email?.split('@')[0];
  const lower = password.toLowerCase();
  // The e-mail's local part covers the whole address too.
  if (words(owner.username, localPart).some((w) => lower.includes(w))) return 'hasName';
  const userInputs = words(owner.username, owner.email, localPart, owner.firstName, owner.lastName);
  const score = (await loadChecker())(password, userInputs);
  return score >= PASSWORD_MIN_SCORE ? null : 'guessable';
}

/** `passwordProblem` as a 422 answer on the field `field` (default `password`). */
export async function assertPasswordAllowed(password: string, owner: PasswordOwner, field = 'password') {
  const problem = await passwordProblem(password, owner);
  if (!problem) return;
  const text = PASSWORD_PROBLEM_TEXT[problem];
  throw new AppError(PASSWORD_PROBLEM_CODE[problem], text, { [field]: text });
}
