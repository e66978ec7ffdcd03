/** "MM/DD/YYYY" and the time in the app language, in the viewer's time zone (the shared rule). */
export { formatDateTime } from '../../../../shared/dates';

export const STATUS_COLOR = { pending: 'yellow', active: 'green', disabled: 'gray' } as const;
