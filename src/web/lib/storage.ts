/** Browser storage keys and the session token. Storage may be unavailable (private mode): never throw. */
export const STORAGE_KEYS = {
  token: 'cwa.token',
  locale: 'cwa.locale',
  institution: 'cwa.institution',
} as const;

function read(store: Storage | undefined, key: string): string | null {
  try {
    return store?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(store: Storage | undefined, key: string, value: string | null) {
  try {
    if (value === null) store?.removeItem(key);
    else store?.setItem(key, value);
  } catch {
    // storage full or disabled: the value lives for this page only
  }
}

const session = () => (typeof sessionStorage === 'undefined' ? undefined : sessionStorage);
const local = () => (typeof localStorage === 'undefined' ? undefined : localStorage);

/** The session token: kept in sessionStorage (this tab); a token found in localStorage is accepted too. */
export function getToken(): string | null {
  return read(session(), STORAGE_KEYS.token) ?? read(local(), STORAGE_KEYS.token);
}

export function setToken(token: string) {
  write(session(), STORAGE_KEYS.token, token);
}

export function clearToken() {
  write(session(), STORAGE_KEYS.token, null);
  write(local(), STORAGE_KEYS.token, null);
}

export function readLocal(key: string): string | null {
  return read(local(), key);
}

export function writeLocal(key: string, value: string | null) {
  write(local(), key, value);
}
