import { type FormErrors, schemaResolver, type UseFormInput, useForm } from '@mantine/form';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../shared/constants';
import { type FieldKey, type FieldTexts, fieldMessage, issueKey } from '../../shared/i18n/field-messages';
import { field as english } from '../../shared/i18n/en.json';
import { currentLocale, i18n } from '../i18n';

type Schema = Parameters<typeof schemaResolver>[0];
type Issue = { code?: string; message: string; path?: ReadonlyArray<PropertyKey | { key: PropertyKey }> };

/** The field messages of the other languages, fetched when first shown (only `field` of the catalog). */
const LOADERS: Record<Exclude<Locale, 'en'>, () => Promise<FieldTexts>> = {
  fr: () => import('../../shared/i18n/fr.json').then((m) => m.field),
  zh: () => import('../../shared/i18n/zh.json').then((m) => m.field),
};
const loaded: Partial<Record<Locale, FieldTexts>> = { en: english };

/** Fetches a language's field messages once (English is built in: its texts are the contract's). */
export async function loadFieldTexts(locale: Locale): Promise<void> {
  if (locale !== 'en') loaded[locale] ??= await LOADERS[locale]();
}
// fetched ahead, when the first form's code loads, so that a form's first check already has them
void loadFieldTexts(currentLocale());
i18n.on('languageChanged', () => void loadFieldTexts(currentLocale()));

/**
 * Replacement texts for some field keys (today's web texts where they differ from the contract's),
 * for every field or, as a function, for the field at `path` (`items.0.name`) given the contract's
 * English `message`.
 */
export type FieldTextOverrides =
  | Partial<Record<FieldKey, string>>
  | ((key: FieldKey, path: string, message: string) => string | undefined);

/** A zod issue path as Mantine keys its errors: `items.0.name`. */
const pathOf = (issue: Issue) =>
  (issue.path ?? []).map((s) => String(typeof s === 'object' ? s.key : s)).join('.');

/**
 * A zod issue's message in `locale`, the text the server's 422 answer would carry (English until the
 * language's texts are loaded), unless `overrides` names its key.
 */
export function issueMessage(locale: Locale, issue: Issue, overrides: FieldTextOverrides = {}): string {
  const { code, message, path: _path, ...params } = issue;
  const fieldIssue = { keyword: code, message, params };
  const key = issueKey(english, fieldIssue);
  const own = typeof overrides === 'function' ? overrides(key, pathOf(issue), message) : overrides[key];
  if (own !== undefined) return own;
  const local = locale === 'en' ? undefined : loaded[locale];
  return local ? fieldMessage({ english, local }, fieldIssue) : message;
}

/** The contract schema as Mantine's schemaResolver reads it, with its messages in `locale`. */
function localized(schema: Schema, locale: Locale, overrides?: FieldTextOverrides): Schema {
  const standard = schema['~standard'];
  return {
    '~standard': {
      ...standard,
      validate: (value) => {
        const result = standard.validate(value);
        if (result instanceof Promise) throw new Error('form schemas are synchronous');
        if (!result.issues) return result;
        return { issues: result.issues.map((i) => ({ ...i, message: issueMessage(locale, i, overrides) })) };
      },
    },
  };
}

/**
 * Errors of `values` against a contract schema, keyed by field path (`items.0.name`), in `locale`;
 * `extra` adds the form's own rules on top (a contract error of the same field wins).
 */
export function contractErrors(
  schema: Schema,
  values: unknown,
  options: { locale?: Locale; texts?: FieldTextOverrides; extra?: FormErrors } = {},
): FormErrors {
  const errors = schemaResolver(localized(schema, options.locale ?? currentLocale(), options.texts), {
    sync: true,
  })(values);
  const extra = Object.fromEntries(Object.entries(options.extra ?? {}).filter(([, e]) => e));
  return { ...extra, ...errors };
}

/**
 * Each error on the form field that holds its path: a part of a field the body splits (the lines of a
 * text area become `deployments.0.deploymentId`) shows on the field itself; the field's first error wins.
 */
function onFields(errors: FormErrors, values: Record<string, unknown>): FormErrors {
  const held = (path: string) =>
    path
      .split('.')
      .reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as never)[k] : undefined), values) !==
    undefined;
  const out: FormErrors = {};
  for (const [path, error] of Object.entries(errors)) {
    const parts = path.split('.');
    while (parts.length > 1 && !held(parts.join('.'))) parts.pop();
    out[parts.join('.')] ??= error;
  }
  return out;
}

export interface ContractFormInput<Values, Body> extends Omit<UseFormInput<Values, Body>, 'validate'> {
  /** The contract schema the form's body (`transformValues(values)`, else the values) must pass. */
  schema: Schema;
  /** Today's web texts where they differ from the contract's message, by field key. */
  texts?: FieldTextOverrides;
  /** The form's own rules on top of the contract's (e.g. a name already taken in a list the page holds). */
  rules?: (values: Values) => FormErrors;
  /** After the first submit, every change checks the whole form again (the errors follow the typing). */
  liveAfterSubmit?: boolean;
}

/**
 * The one way to build a form: Mantine's useForm validated by a contract schema, with the messages
 * the server would send in the language shown.
 */
// biome-ignore lint/suspicious/noExplicitAny: the bound Mantine's useForm puts on form values
export function useContractForm<Values extends Record<string, any>, Body = Values>({
  schema,
  texts,
  rules,
  liveAfterSubmit = false,
  ...input
}: ContractFormInput<Values, Body>) {
  useTranslation(); // a new language re-renders the form, so that its next check speaks it
  const locale = currentLocale();
  const { transformValues, onValuesChange } = input;
  const submitted = useRef(false);
  const form = useForm<Values, Body, FormErrors>({
    ...input,
    validate: (values) => {
      const body = transformValues ? transformValues(values) : values;
      const errors = contractErrors(schema, body, { locale, texts, extra: rules?.(values) });
      return onFields(errors, values);
    },
    onValuesChange: (values, previous) => {
      onValuesChange?.(values, previous);
      if (submitted.current) form.validate();
    },
  });
  if (!liveAfterSubmit) return form;
  const onSubmit: typeof form.onSubmit = (submit, failed) => (event) => {
    submitted.current = true;
    form.onSubmit(submit, failed)(event);
  };
  return { ...form, onSubmit };
}
