import { useEffect, useState } from 'react';
import { storageLimitMessages } from '../../sync/plan-limits.ts';
import { call, client } from '../api-client.ts';
import { messages } from '../messages.ts';
import { UpgradeButton, useSubscriptionVersion } from './upgrade-button.tsx';

type Storage = {
  used: number;
  limit: number | null;
  percent: number | null;
  message: string | null;
};

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

  if (!storage?.message || storage.limit === null) return null;
  const full = storage.message === storageLimitMessages.full;
  return (
    <section
      className={`card storage-prompt${full ? ' is-full' : ''}`}
      aria-label={storage.message}
    >
      <p className="storage-prompt-title">{storage.message}</p>
      <p>{messages.media.storageUsed(gb(storage.used), gb(storage.limit), storage.percent ?? 0)}</p>
      <UpgradeButton personId={personId} />
    </section>
  );
}

/** Bytes as GB to 2 decimals (spec §9). */
const gb = (bytes: number) => (bytes / 1024 ** 3).toFixed(2);
