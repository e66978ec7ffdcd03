import { formatUsDate } from '../../../../shared/validation';

/** "MM/DD/YYYY HH:MM" in the viewer's time zone (ARCHITECTURE §4 date format). */
export function formatDateTime(value: string | null | undefined, language: string): string {
  if (!value) return '';
  const time = new Date(value).toLocaleTimeString(language, { hour: '2-digit', minute: '2-digit' });
  return `${formatUsDate(value)} ${time}`;
}

export const STATUS_COLOR = { pending: 'yellow', active: 'green', disabled: 'gray' } as const;
