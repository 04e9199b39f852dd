/**
 * Asks the browser to keep this site's storage for good
 * (`navigator.storage.persist()`): without it, a browser may clear what a
 * site wrote when space runs short, and Safari clears it after seven days
 * without a visit, the outbox's waiting changes included. Asked once a page,
 * when the sync client starts; the answer is kept for the status line, which
 * says so in words while changes wait on a browser that refused.
 */

export type Persistence = 'asking' | 'granted' | 'refused';

let state: Persistence = 'asking';
let asked: Promise<Persistence> | undefined;
const listeners = new Set<() => void>();

function settle(p: Persistence) {
  state = p;
  for (const l of listeners) l();
}

export function askPersistence(): Promise<Persistence> {
  asked ??= (async () => {
    const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
    // A browser without the question gives no promise either.
    if (!storage?.persist) return 'refused' as const;
    try {
      if (storage.persisted && (await storage.persisted())) return 'granted' as const;
      return (await storage.persist()) ? ('granted' as const) : ('refused' as const);
    } catch {
      return 'refused' as const;
    }
  })().then((p) => {
    settle(p);
    return p;
  });
  return asked;
}

export const persistence = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  get: (): Persistence => state,
};
