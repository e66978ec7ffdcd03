import type en from './en.json';

/** The field messages of one language: `field` of a catalog in this folder. */
export type FieldTexts = (typeof en)['field'];
type OwnKey = keyof FieldTexts['messages'];
/** A field message's key under `field.`: the contract's own message (`messages.*`) or a zod issue's. */
export type FieldKey = Exclude<keyof FieldTexts, 'messages'> | `messages.${OwnKey}`;

/** A failed check of a field: a zod issue (`keyword` is its code, `params` the rest of it). */
export interface FieldIssue {
  keyword?: string;
  message?: string;
  params?: Record<string, unknown>;
}

const ownKeys = new WeakMap<FieldTexts['messages'], Map<string, OwnKey>>();

/** The key of one of the contract's own English messages (en `field.messages.*`), if it is one. */
export function ownMessageKey(english: FieldTexts, message: string | undefined): OwnKey | undefined {
  let keys = ownKeys.get(english.messages);
  if (!keys) {
    keys = new Map(Object.entries(english.messages).map(([key, text]) => [text, key as OwnKey]));
    ownKeys.set(english.messages, keys);
  }
  return message === undefined ? undefined : keys.get(message);
}

/** The key of a zod issue without a message of its own. */
function genericKey(
  code: string | undefined,
  p: Record<string, unknown>,
): Exclude<FieldKey, `messages.${string}`> {
  const exclusive = p.inclusive === false;
  switch (code) {
    case 'too_small':
      if (p.origin === 'string') return Number(p.minimum) <= 1 ? 'required' : 'tooShort';
      if (p.origin === 'array' || p.origin === 'set') return 'tooFewItems';
      return exclusive ? 'tooSmallExclusive' : 'tooSmall';
    case 'too_big':
      if (p.origin === 'string') return 'tooLong';
      if (p.origin === 'array' || p.origin === 'set') return 'tooManyItems';
      return exclusive ? 'tooBigExclusive' : 'tooBig';
    case 'invalid_type':
      return p.expected === 'int' ? 'notInteger' : 'invalid';
    case 'invalid_format':
      return p.format === 'email' ? 'email' : p.format === 'url' ? 'url' : 'format';
    case 'invalid_value':
      return 'choice';
    case 'unrecognized_keys':
      return 'unknownField';
    default:
      return 'invalid';
  }
}

/** An issue's key: the contract's own message by its English text, else by the zod code (too_small…). */
export function issueKey(english: FieldTexts, issue: FieldIssue): FieldKey {
  const own = ownMessageKey(english, issue.message);
  return own ? `messages.${own}` : genericKey(issue.keyword, issue.params ?? {});
}

/** The text of a key in one language, its `{{minimum}}`/`{{maximum}}` filled in. */
export function fieldText(texts: FieldTexts, key: FieldKey, params: Record<string, unknown> = {}): string {
  const template: string = key.startsWith('messages.')
    ? texts.messages[key.slice('messages.'.length) as OwnKey]
    : texts[key as Exclude<FieldKey, `messages.${string}`>];
  return template.replace(/{{(\w+)}}/g, (_, name: string) => String(params[name] ?? ''));
}

/**
 * A field message, as the server's 422 answers and the web's forms show it: in English the
 * contract's own text (or zod's); in another language (`local` given) the contract's own messages
 * by key, any other zod issue by its code with its bounds.
 */
export function fieldMessage(texts: { english: FieldTexts; local?: FieldTexts }, issue: FieldIssue): string {
  const message = issue.message ?? 'Invalid value';
  if (!texts.local) return message;
  const p = issue.params ?? {};
  return fieldText(texts.local, issueKey(texts.english, issue), { minimum: p.minimum, maximum: p.maximum });
}
