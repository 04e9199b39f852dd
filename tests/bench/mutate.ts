/**
 * One change as the API's mutate endpoint handles it, in this process, pushed
 * exactly as zero-cache pushes it: a Decision Maker's title change and a
 * General supporter's in session. For each: the time from the push to its
 * answer, the statements the API sent to Postgres, and the round trips they
 * took (a relay in front of Postgres counts them: tests/harness/pg-turns.ts).
 * The count includes the caller's session, which the API reads once per push,
 * and Zero's own statements (begin, its client row, commit).
 *
 * The API here has one database connection, so every statement of a push
 * goes over the relay's one socket. Prints nothing; returns the samples.
 */
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { loadConfig } from '../../api/config.ts';
import { createMailer } from '../../api/mail/mailer.ts';
import { seedId } from '../../api/seed.ts';
import { createApp } from '../../api/server.ts';
import { createZeroDb } from '../../api/zero/db-provider.ts';
import * as tables from '../../schema/index.ts';
import { type SignedIn, signIn } from '../harness/clients.ts';
import { pushingDevice } from '../harness/in-process.ts';
import { pgTurns } from '../harness/pg-turns.ts';
import { startTestStack } from '../harness/stack.ts';
import { summarise } from './stats.ts';

type Summary = ReturnType<typeof summarise>;
export type MutateCost = { time: Summary; statements: number; turns: number };
export type MutateBench = { owner: MutateCost; supporter: MutateCost };

const aroha = seedId('person:aroha');
const tea = seedId('preference:aroha:tea'); // General

export async function mutateBench({
  iterations = 300,
  warmup = 30,
  rttMs = 0,
} = {}): Promise<MutateBench> {
  const stack = await startTestStack({ web: 'none' });
  const relay = await pgTurns(stack.databaseUrl, { rttMs });
  let statements = 0;
  const sql = postgres(relay.url, { max: 1, onnotice: () => {}, debug: () => statements++ });
  try {
    const db = drizzle(sql, { schema: tables });
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: relay.url });
    const app = createApp({ config, sql, db, zdb: createZeroDb(db), mailer: createMailer(config) });

    const measure = async (who: SignedIn): Promise<MutateCost> => {
      const device = pushingDevice(app, who);
      let next = 1;
      const push = async () => {
        const result = await device.push('preference.update', { id: tea, title: `Tea ${next++}` });
        if (result.error) throw new Error(`the change was not saved: ${JSON.stringify(result)}`);
      };
      for (let i = 0; i < warmup; i++) await push();
      const times: number[] = [];
      const s0 = statements;
      const t0 = relay.turns();
      for (let i = 0; i < iterations; i++) {
        const start = performance.now();
        await push();
        times.push(performance.now() - start);
      }
      return {
        time: summarise(times),
        statements: (statements - s0) / iterations,
        turns: (relay.turns() - t0) / iterations,
      };
    };

    const dm = await signIn(stack.url, 'aroha@example.com');
    const owner = await measure(dm);
    const sam = await signIn(stack.url, 'sam@example.com');
    const started = await fetch(`${stack.url}/api/people/${aroha}/support`, {
      method: 'POST',
      headers: { cookie: sam.cookie },
    });
    if (!started.ok) throw new Error(`the session did not start: ${started.status}`);
    const supporter = await measure(sam);
    return { owner, supporter };
  } finally {
    await sql.end();
    await relay.stop();
    await stack.stop();
  }
}
