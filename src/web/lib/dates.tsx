import '@mantine/dates/styles.css';
import { DateInput, type DateInputProps, DatesProvider } from '@mantine/dates';
import 'dayjs/locale/fr.js';
import 'dayjs/locale/zh-cn.js';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { US_DATE_FORMAT } from '../../shared/dates';
import { formatUsDate, parseUsDate, toIsoDate } from '../../shared/validation';

/** dayjs's name of each app language (month and weekday names of the pickers). */
const DAYJS_LOCALE: Record<string, string> = { en: 'en', fr: 'fr', zh: 'zh-cn' };

/** Date pickers speak the app language: month names, weekdays, first day of the week. */
export function AppDatesProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const lang = (i18n.resolvedLanguage ?? i18n.language ?? 'en').slice(0, 2);
  const locale = DAYJS_LOCALE[lang] ?? 'en';
  return (
    // no weekend colour: red days on white are below the contrast the app keeps
    <DatesProvider settings={{ locale, firstDayOfWeek: lang === 'en' ? 0 : 1, weekendDays: [] }}>
      {children}
    </DatesProvider>
  );
}

export type DateFieldProps = Omit<DateInputProps, 'value' | 'onChange' | 'defaultValue'> & {
  /** The day as YYYY-MM-DD, '' for none. */
  value: string;
  /** Called with YYYY-MM-DD, or '' when the field is emptied. */
  onChange: (iso: string) => void;
};

/** Typed MM/DD/YYYY (or MMDDYYYY) → YYYY-MM-DD, null until it is a real date. */
const parseTyped = (typed: string) =>
  parseUsDate(typed.trim().replace(/^(\d{2})(\d{2})(\d{4})$/, '$1/$2/$3'));

/**
 * THE date field: typed as MM/DD/YYYY (spec §9) or picked from a calendar in the app language (opened
 * by a click, so typing is never covered). A partly typed date changes nothing until it is a real date.
 */
export function DateField({ value, onChange, onClick, onBlur, onKeyDown, ...rest }: DateFieldProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <DateInput
      valueFormat={US_DATE_FORMAT}
      placeholder={US_DATE_FORMAT}
      dateParser={parseTyped}
      value={value || null}
      onChange={(v) => {
        if (open) setOpen(false);
        onChange(v ? v.slice(0, 10) : '');
      }}
      onClick={(e) => {
        setOpen(true);
        onClick?.(e);
      }}
      onBlur={(e) => {
        setOpen(false);
        onBlur?.(e);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape' || e.key === 'Enter' || e.key === 'Tab') setOpen(false);
        if (e.key === 'ArrowDown' && e.altKey) setOpen(true);
        onKeyDown?.(e);
      }}
      popoverProps={{ opened: open }}
      clearable
      clearButtonProps={{ 'aria-label': t('dates.clear') }}
      previousLabel={t('dates.previousMonth')}
      nextLabel={t('dates.nextMonth')}
      hideOutsideDates
      {...rest}
    />
  );
}

export type UsDateFieldProps = Omit<DateFieldProps, 'value' | 'onChange'> & {
  /** The date as the form holds it: MM/DD/YYYY text, possibly not a real date. */
  value: string;
  onChange: (text: string) => void;
};

/**
 * A date field of a form that keeps the typed text (MM/DD/YYYY): a picked or fully typed date becomes
 * that text; anything else typed is kept on leaving the field, so the form can say what is wrong.
 */
export function UsDateField({ value, onChange, onBlur, ...rest }: UsDateFieldProps) {
  const iso = toIsoDate(value ?? '');
  const lastValid = useRef(iso ?? '');
  if (iso) lastValid.current = iso;
  return (
    <DateField
      {...rest}
      // a date typed wrong keeps the last real one in the calendar, so the typed text stays on screen
      value={value ? (iso ?? lastValid.current) : ''}
      onChange={(next) => onChange(next ? formatUsDate(next) : '')}
      onBlur={(e) => {
        const typed = e.currentTarget.value.trim();
        if (typed !== (value ?? '') && !parseTyped(typed)) onChange(typed);
        onBlur?.(e);
      }}
    />
  );
}
