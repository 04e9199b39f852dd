import { useEffect, useState } from 'react';
import { preferenceLimitMessages, storageLimitMessages } from '../../sync/plan-limits.ts';
import { call, client } from '../api-client.ts';
import { useIsAdministrator } from '../hooks/use-is-administrator.ts';
import { useStorage } from '../hooks/use-storage.ts';
import { mediaMessages } from '../messages/media.ts';
import { UpgradeButton, useSubscriptionVersion } from './upgrade-button.tsx';

/**
 * Spec §8 upgrade prompts for storage: "Your library is nearly full!" from 90 %
 * and "Your library is full!", with how much is used and the Upgrade button
 * (upgrade-button.tsx: the subscription page, or the alert that says to
 * contact the provider). Re-read whenever `version` changes (an upload
 * finished, an item was deleted) or the live subscription does (a plan bought
 * in another tab lifts the limit here without a reload). Shows nothing while loading, when
 * there is room, or when the figure cannot be read (the server still refuses
 * an upload that does not fit, in words).
 */
export function StoragePrompt({ personId, version = 0 }: { personId: string; version?: number }) {
  const storage = useStorage(personId, version);

  if (!storage?.message || storage.limit === null) return null;
  const full = storage.message === storageLimitMessages.full;
  return (
    <section
      className={`card storage-prompt${full ? ' is-full' : ''}`}
      aria-label={storage.message}
    >
      <p className="storage-prompt-title">{storage.message}</p>
      <p>{mediaMessages.storageUsed(gb(storage.used), gb(storage.limit), storage.percent ?? 0)}</p>
      <UpgradeButton personId={personId} />
    </section>
  );
}

/** Bytes as GB to 2 decimals (spec §9). */
const gb = (bytes: number) => (bytes / 1024 ** 3).toFixed(2);

/**
 * Spec §8 "Your library is full!" for a plan that keeps a number of
 * preferences, where one is added: the count, the plan's number and the
 * Upgrade button. Read from the plan's usage, which only those who see the
 * plan may read (the person, their Administrator in a session); for anyone
 * else, and while loading, nothing shows, and the server still refuses a
 * preference too many, in words.
 */
export function PreferenceRoomPrompt({ personId }: { personId: string }) {
  const [full, setFull] = useState<{ count: number; limit: number } | undefined>();
  const plan = useSubscriptionVersion(personId);
  // Only those who see the plan ask for its usage (anyone else would be refused).
  const seesPlan = useIsAdministrator(personId);

  useEffect(() => {
    let current = true;
    void plan;
    if (!seesPlan) {
      setFull(undefined);
      return;
    }
    call(client.people[':personId'].subscriptions.usage.$get({ param: { personId } })).then(
      (u) => {
        if (!current) return;
        const { preferenceLimit: limit, preferenceCount: count } = u;
        setFull(limit !== null && count !== null && count >= limit ? { count, limit } : undefined);
      },
      () => {
        if (current) setFull(undefined);
      },
    );
    return () => {
      current = false;
    };
  }, [personId, plan, seesPlan]);

  if (!full) return null;
  return (
    <section className="card storage-prompt is-full" aria-label={storageLimitMessages.full}>
      <p className="storage-prompt-title">{storageLimitMessages.full}</p>
      <p>{preferenceLimitMessages.fullDetail(full.limit)}</p>
      <UpgradeButton personId={personId} />
    </section>
  );
}
