import { useEffect, useState } from 'react';
import { call, client } from '../api-client.ts';
import { useSubscriptionVersion } from '../components/upgrade-button.tsx';

/** The library's storage as the API says it (GET …/media/storage, api/media/serving.ts storageJson). */
export type Storage = {
  used: number;
  limit: number | null;
  percent: number | null;
  message: string | null;
  /** The most one file may have: the plan's, as the server enforces it on announcing. */
  fileLimit: number;
};

/**
 * `personId`'s library storage, for whoever may add media to it; undefined
 * while loading or when it cannot be read. Read again whenever `version`
 * changes (an upload finished, an item was deleted) or the live subscription
 * does (a plan bought in another tab lifts the limits here without a reload).
 */
export function useStorage(personId: string, version = 0): Storage | undefined {
  const [storage, setStorage] = useState<Storage | undefined>();
  const plan = useSubscriptionVersion(personId);

  useEffect(() => {
    let current = true;
    void version;
    void plan;
    call(client.people[':personId'].media.storage.$get({ param: { personId } })).then(
      (s) => {
        if (current) setStorage(s);
      },
      () => {
        if (current) setStorage(undefined);
      },
    );
    return () => {
      current = false;
    };
  }, [personId, version, plan]);

  return storage;
}

/**
 * How big one file added to `personId`'s library may be, in bytes: read from
 * the plan through the server, never a copy here, so "Up to …" is the limit
 * that holds. Undefined while loading or when it cannot be read (the server
 * still refuses a file too big, in words).
 */
export function useFileLimit(personId: string): number | undefined {
  return useStorage(personId)?.fileLimit;
}
