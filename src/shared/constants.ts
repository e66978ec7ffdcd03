/** Business constants and limits of spec §9. */
export const SUCCESS_ALERT_AUTOCLOSE_MS = 5000;
export const USERS_PER_PAGE = 8;
export const PRODUCT_OFFERS_PER_PAGE = 10;
export const INTERNAL_USERS_PER_PAGE = 20;
export const ALERTS_SCROLL_COUNT = 20;
export const TRIAL_DAYS = 14;
/** Days a removed course or role stays in the recycle bin before it is purged. */
export const RECYCLE_BIN_DAYS = 30;
export const TOKEN_REFRESH_MS = 1_500_000;
export const SESSION_IDLE_MS = 30 * 60 * 1000;
export const IDENTITY_WAIT_MS = 15_000;
export const ROOT_REDIRECT_MS = 1500;
export const FADE_MS = 2000;
export const CENSUS_NOT_SET = -1;
export const DURATION_MIN = 1;
export const DURATION_MAX = 365;
export const CUSTOM_COURSE_ID_MAX = 73;
export const CUSTOM_COURSE_LMS_KINDS = ['canvas', 'blackboard'] as const;
export const LOCALES = ['en', 'fr', 'zh'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
export const APP_ENVS = ['dev', 'qa', 'perf', 'prod'] as const;
export type AppEnv = (typeof APP_ENVS)[number];
/** Failed sign-ins of one account from one address within LOGIN_WINDOW_MS before that pair gets 429. */
export const LOGIN_MAX_FAILURES = 10;
/** Failures from one address (any accounts, failed setup links too) within LOGIN_WINDOW_MS before it gets 429. */
export const LOGIN_ADDRESS_MAX_FAILURES = 300;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Password policy of account setup and admin:create: length bounds (no composition rules). */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 500;
