import { LANG_STORAGE_KEY } from '../i18n/lang';

/**
 * Browser storage owned by this app: every key starts with `lcm.` (the language choice uses the
 * plain key `lang`, which survives sign-up and sign-out).
 */
export const STORAGE_PREFIX = 'lcm.';

function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}

export const session = {
  get<T>(key: string): T | null {
    return safe(() => {
      const raw = sessionStorage.getItem(STORAGE_PREFIX + key);
      return raw === null ? null : (JSON.parse(raw) as T);
    }, null);
  },
  set(key: string, value: unknown) {
    safe(() => sessionStorage.setItem(STORAGE_PREFIX + key, JSON.stringify(value)), undefined);
  },
  remove(key: string) {
    safe(() => sessionStorage.removeItem(STORAGE_PREFIX + key), undefined);
  },
};

export const local = {
  get<T>(key: string): T | null {
    return safe(() => {
      const raw = localStorage.getItem(STORAGE_PREFIX + key);
      return raw === null ? null : (JSON.parse(raw) as T);
    }, null);
  },
  set(key: string, value: unknown) {
    safe(() => localStorage.setItem(STORAGE_PREFIX + key, JSON.stringify(value)), undefined);
  },
};

/** Removes everything this app keeps in localStorage / sessionStorage, except the language. */
export function clearOwnedStorage() {
  for (const store of [safe(() => localStorage, null), safe(() => sessionStorage, null)]) {
    if (!store) continue;
    const keys: string[] = [];
    for (let i = 0; i < store.length; i++) {
      const k = store.key(i);
      if (k && k.startsWith(STORAGE_PREFIX) && k !== LANG_STORAGE_KEY) keys.push(k);
    }
    keys.forEach((k) => store.removeItem(k));
  }
}
