import type { Transaction } from '@rocicorp/zero';
import { describe, expect, it } from 'vitest';
import { accountServerChanges } from './account.ts';
import type { ChangeDef } from './change.ts';
import { codeOf } from './errors.ts';
import { mutators } from './mutators.ts';
import { myDataServerChanges } from './my-data.ts';

const me = { userID: 'u1', personId: 'p1' };

/** A browser's transaction that fails the test if a change reads or writes through it. */
const browser = new Proxy(
  { location: 'client', reason: 'optimistic' },
  {
    get(target, key) {
      if (key in target) return target[key as keyof typeof target];
      throw new Error(`the change used tx.${String(key)} in the browser`);
    },
  },
) as unknown as Transaction;

/** The server's transaction, for the one rule checked before any read: nothing may be read. */
const server = new Proxy(
  { location: 'server', reason: 'authoritative', dbTransaction: {} },
  {
    get(target, key) {
      if (key in target) return target[key as keyof typeof target];
      throw new Error(`the change used tx.${String(key)}`);
    },
  },
) as unknown as Transaction;

async function refusalOf(run: () => Promise<unknown>) {
  try {
    await run();
  } catch (e) {
    return codeOf((e as { details?: unknown }).details);
  }
  return undefined;
}

// biome-ignore lint/suspicious/noExplicitAny: each change has its own arguments; none is read here.
const serverOnly: Record<string, ChangeDef<any, any>> = {
  ...accountServerChanges,
  ...Object.fromEntries(Object.entries(myDataServerChanges).map(([k, v]) => [`myData.${k}`, v])),
};

describe('server-only changes of accounts and "My data" (sync/account.ts, sync/my-data.ts)', () => {
  it.each(Object.keys(serverOnly))(
    '%s refuses to run in the browser, touching nothing',
    async (name) => {
      const change = serverOnly[name] as ChangeDef;
      expect(await refusalOf(() => change.run(browser, me, {}))).toBe('forbidden');
      expect(await refusalOf(() => change.run(browser, undefined, {}))).toBe('forbidden');
    },
  );

  it('the deletion at its time is the system’s: refused to any caller', async () => {
    const change = myDataServerChanges.deleteAccount;
    const args = { personId: 'p1', alsoDelete: [] };
    expect(await refusalOf(() => change.run(server, me, args))).toBe('forbidden');
  });

  it('none of them is a Zero mutator', () => {
    const names = Object.keys(mutators);
    expect(names).not.toContain('account');
    expect(names).not.toContain('myData');
    for (const [group, defs] of Object.entries(mutators)) {
      if (group === '~') continue;
      for (const name of Object.keys(defs as object)) {
        expect(Object.keys(serverOnly)).not.toContain(name);
      }
    }
  });
});
