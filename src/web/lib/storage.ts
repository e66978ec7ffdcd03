/**
 * Browser storage keys. Storage may be unavailable (private mode): never throw. The session is not
 * here: it lives in an HttpOnly cookie the server sets, shared by every tab.
 */
export const STORAGE_KEYS = {
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

const local = () => (typeof localStorage === 'undefined' ? undefined : localStorage);

export function readLocal(key: string): string | null {
  return read(local(), key);
}

export function writeLocal(key: string, value: string | null) {
  write(local(), key, value);
}

/** A cookie the page may read (not the HttpOnly session cookie), or null. */
export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return null;
}
