/**
 * A supporter's home at a care organisation's scale: Sam supports 10 more
 * people of 200 preferences each, and 20 changes to each of their libraries
 * came since his last visit. Times a cold load (new browser context, no local
 * cache) of his home until the first item of "since your last visit" is on
 * screen, 5 loads. Budget: 1 s.
 */
import { chromium } from 'playwright-core';
import { seedId } from '../../api/seed.ts';
import { chromiumArgs } from '../../playwright.config.ts';
import { openMagicLink } from '../harness/magic-link.ts';
import { startTestStack } from '../harness/stack.ts';
import { firstShown } from './observe.ts';
import { summarise } from './stats.ts';

const PEOPLE = 10;
const PREFERENCES = 200;
const CHANGES = 20;

/** In the page: ms from navigation start until the first handover item is on screen. */
const FIRST_ITEM = firstShown('.handover-item');

async function seed(databaseUrl: string) {
  const postgres = (await import('postgres')).default;
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  const sam = seedId('person:sam');
  try {
    for (let p = 0; p < PEOPLE; p++) {
      const person = crypto.randomUUID();
      await sql`insert into person (id, type, first_name, last_name, known_as, full_name, created_by)
                values (${person}, 'DecisionMaker', ${`Person ${p + 1}`}, 'Bench', ${`Person ${p + 1}`},
                        ${`Person ${p + 1} Bench`}, ${sam})`;
      const prefs = Array.from({ length: PREFERENCES }, (_, i) => ({
        id: crypto.randomUUID(),
        person_id: person,
        title: `Preference ${i} of person ${p + 1}`,
        description: `A short description of preference ${i}.`,
        feeling: 'like',
        access: i % 5 === 0 ? 'Restricted' : 'General',
        status: 'Published',
        review_schedule: 'OnceAYear',
        review_at: new Date(Date.now() + 100 * 86_400_000),
        created_by: person,
      }));
      await sql`insert into preference ${sql(prefs)}`;
      const link = crypto.randomUUID();
      await sql`insert into supporter_link (id, supporter_id, supported_id, access_level, created_at)
                values (${link}, ${sam}, ${person}, 'General', now() - interval '30 days')`;
      await sql`insert into support_session (id, supporter_link_id, person_id, supporter_id, started_at, ended_at)
                values (${crypto.randomUUID()}, ${link}, ${person}, ${sam},
                        now() - interval '2 days', now() - interval '2 days' + interval '1 hour')`;
      // Changes since: history rows as the changes write them (the database makes the handover).
      for (let c = 0; c < CHANGES; c++) {
        const pref = prefs[c * 3];
        if (!pref) continue;
        await sql`insert into history_event (id, person_id, type, related_type, related_id, message,
                    access, preference_id, created_by, created_at)
                  values (${crypto.randomUUID()}, ${person}, 'Modify', 'Preference', ${pref.id},
                          ${`Changed the feeling of “${pref.title}”`}, ${pref.access}, ${pref.id},
                          ${person}, now() - ${`${c} minutes`}::interval)`;
      }
    }
  } finally {
    await sql.end();
  }
}

export async function handoverBench() {
  const stack = await startTestStack({ web: 'static' });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: chromiumArgs,
  });
  try {
    await seed(stack.databaseUrl);
    const sam = seedId('person:sam');
    const cold: number[] = [];
    for (let round = 0; round < 5; round++) {
      const context = await browser.newContext();
      const { challengeId, completeUrl } = await openMagicLink(stack.url, 'sam@example.com');
      const res = await context.request.post(completeUrl, { data: { challengeId } });
      if (!res.ok()) throw new Error(`sign-in failed: ${res.status()}`);
      const page = await context.newPage();
      await page.goto(`${stack.url}/people/${sam}/supporting`, { waitUntil: 'commit' });
      cold.push(Number(await page.evaluate(FIRST_ITEM)));
      await context.close();
    }
    return { people: PEOPLE, preferences: PREFERENCES, changes: CHANGES, cold: summarise(cold) };
  } finally {
    await browser.close();
    await stack.stop();
  }
}
