/**
 * axe-core on every route: each page of web/routes is opened as the
 * person it is for and has no serious or critical WCAG 2.2 A/AA violation,
 * and no heading that skips a level (tests/e2e/axe.ts). A
 * route file without an entry here fails the first test, so a new page cannot
 * skip the check.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import type postgres from 'postgres';
import { seedId } from '../../api/seed.ts';
import { seriousViolations } from './axe.ts';
import { expect, failedRequest, startSupporting, test } from './fixtures.ts';

const aroha = seedId('person:aroha');
const sam = seedId('person:sam');
const tea = seedId('preference:aroha:tea');
const teaNote = seedId('note:aroha:tea');
const food = seedId('category:aroha:food');
const samLink = seedId('link:sam->aroha');
const kowhai = seedId('organisation:kowhai');
const nobody = '00000000-0000-4000-8000-000000000000';
const me = `/people/${aroha}`;
/** Stands for a picture of the tea preference, uploaded by the test (the demo data has no files). */
const MEDIA = '{media}';

/** A picture of Aroha's tea, through the real upload path; its id. */
async function uploadPicture(page: Page): Promise<string> {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  const signed = await page.request.post(`/api/people/${aroha}/media/signed`, {
    data: {
      name: 'Teapot.png',
      contentType: 'image/png',
      contentLength: png.length,
      preferenceId: tea,
    },
  });
  expect(signed.status()).toBe(201);
  const s = (await signed.json()) as { id: string; url: string; headers: Record<string, string> };
  expect((await page.request.put(s.url, { headers: s.headers, data: png })).status()).toBe(200);
  const settled = await page.request.post(`/api/people/${aroha}/media/upload-settled`, {
    data: { id: s.id },
  });
  expect(settled.status()).toBe(200);
  return s.id;
}

type Visit = {
  as: 'nobody' | 'aroha' | 'sam';
  path: string;
  /** A heading the page shows once its data has arrived (checked before axe runs). */
  shows?: string;
};

/** Each route file, and where to open it (a layout has no page of its own). */
const routes: Record<string, Visit | 'layout'> = {
  authenticated: { as: 'aroha', path: '/authenticated' },
  'dev.mailbox': { as: 'nobody', path: '/dev/mailbox' },
  index: { as: 'nobody', path: '/' },
  'invite-onboarding.$personId.decision-maker': {
    as: 'aroha',
    path: `/invite-onboarding/${aroha}/decision-maker`,
  },
  'invite-onboarding.$personId.index': { as: 'aroha', path: `/invite-onboarding/${aroha}` },
  'invite.$inviteId.$inviteToken.index': { as: 'nobody', path: `/invite/${nobody}/not-a-token` },
  'invite.$inviteId.$inviteToken.join': {
    as: 'nobody',
    path: `/invite/${nobody}/not-a-token/join`,
  },
  landing: { as: 'nobody', path: '/landing' },
  'login.analogue-karate': { as: 'nobody', path: '/login/analogue-karate' },
  'login.challenge.email.$email': {
    as: 'nobody',
    path: '/login/challenge/email/someone%40example.org',
  },
  'login.challenge.email.validate.$email.$challengeId.$challengeToken': {
    as: 'nobody',
    path: `/login/challenge/email/validate/someone%40example.org/${nobody}/not-a-token`,
  },
  'login.index': { as: 'nobody', path: '/login' },
  'login.link.$challengeId.$token': { as: 'nobody', path: `/login/link/${nobody}/not-a-token` },
  logout: { as: 'nobody', path: '/logout' },
  // The role choice, and each role's own steps (fields, statements).
  'onboarding.$personId.index': { as: 'aroha', path: `/onboarding/${aroha}?step=4` },
  'onboarding.$personId.decision-maker': {
    as: 'aroha',
    path: `/onboarding/${aroha}/decision-maker?step=5`,
  },
  'onboarding.$personId.supporter': { as: 'aroha', path: `/onboarding/${aroha}/supporter?step=6` },
  'onboarding.$personId.supporter-and-decision-maker': {
    as: 'aroha',
    path: `/onboarding/${aroha}/supporter-and-decision-maker?step=8`,
  },
  'people.$personId': 'layout',
  'people.$personId.index': { as: 'aroha', path: me },
  'people.$personId.settings.index': { as: 'aroha', path: `${me}/settings` },
  'people.$personId.settings.details.index': { as: 'aroha', path: `${me}/settings/details` },
  'people.$personId.settings.details.edit': { as: 'aroha', path: `${me}/settings/details/edit` },
  'people.$personId.settings.history': { as: 'aroha', path: `${me}/settings/history` },
  'people.$personId.settings.subscription': { as: 'aroha', path: `${me}/settings/subscription` },
  'people.$personId.settings.data': { as: 'aroha', path: `${me}/settings/data` },
  'people.$personId.settings.delete': { as: 'aroha', path: `${me}/settings/delete` },
  'people.$personId.preferences.$preferenceId.edit': 'layout',
  'people.$personId.preferences.$preferenceId.edit.$step': {
    as: 'aroha',
    path: `${me}/preferences/${tea}/edit/2`,
  },
  'people.$personId.preferences.$preferenceId.edit.index': {
    as: 'aroha',
    path: `${me}/preferences/${tea}/edit`,
  },
  'people.$personId.preferences.$preferenceId.index': {
    as: 'aroha',
    path: `${me}/preferences/${tea}`,
    shows: 'How I take it',
  },
  'people.$personId.preferences.$preferenceId.notes.$id.edit': {
    as: 'aroha',
    path: `${me}/preferences/${tea}/notes/${teaNote}/edit`,
  },
  'people.$personId.preferences.$preferenceId.notes.$id.index': {
    as: 'aroha',
    path: `${me}/preferences/${tea}/notes/${teaNote}`,
    shows: 'When I am tired',
  },
  'people.$personId.preferences.$preferenceId.audio.create': {
    as: 'aroha',
    path: `${me}/preferences/${tea}/audio/create`,
  },
  'people.$personId.preferences.$preferenceId.media.$id.edit': {
    as: 'aroha',
    path: `${me}/preferences/${tea}/media/${MEDIA}/edit`,
  },
  'people.$personId.preferences.$preferenceId.media.$id.index': {
    as: 'aroha',
    path: `${me}/preferences/${tea}/media/${MEDIA}`,
  },
  'people.$personId.preferences.$preferenceId.media.create': {
    as: 'aroha',
    path: `${me}/preferences/${tea}/media/create`,
  },
  'people.$personId.preferences.$preferenceId.media.index': {
    as: 'aroha',
    path: `${me}/preferences/${tea}/media`,
  },
  'people.$personId.preferences.$preferenceId.notes.create': {
    as: 'aroha',
    path: `${me}/preferences/${tea}/notes/create`,
  },
  'people.$personId.preferences.categories.$id.edit': {
    as: 'aroha',
    path: `${me}/preferences/categories/${food}/edit`,
  },
  'people.$personId.preferences.categories.$id.index': {
    as: 'aroha',
    path: `${me}/preferences/categories/${food}`,
  },
  'people.$personId.preferences.categories.create': {
    as: 'aroha',
    path: `${me}/preferences/categories/create`,
  },
  'people.$personId.preferences.categories.index': {
    as: 'aroha',
    path: `${me}/preferences/categories`,
  },
  'people.$personId.preferences.create.$preferenceId.$step': {
    as: 'aroha',
    path: `${me}/preferences/create/${crypto.randomUUID()}/1`,
  },
  'people.$personId.preferences.create.index': { as: 'aroha', path: `${me}/preferences/create` },
  'people.$personId.preferences.filter.$filterBy.$name': {
    as: 'aroha',
    path: `${me}/preferences/filter/feeling/Love`,
  },
  'people.$personId.preferences.index': { as: 'aroha', path: `${me}/preferences` },
  'people.$personId.preferences.library': { as: 'aroha', path: `${me}/preferences/library` },
  'people.$personId.settings.menu': { as: 'sam', path: `/people/${sam}/settings/menu` },
  'people.$personId.organisations.index': { as: 'sam', path: `/people/${sam}/organisations` },
  'people.$personId.organisations.$organisationId': {
    as: 'sam',
    path: `/people/${sam}/organisations/${kowhai}`,
  },
  'people.$personId.settings.passkeys': { as: 'aroha', path: `${me}/settings/passkeys` },
  'people.$personId.supporters.$id.edit': { as: 'aroha', path: `${me}/supporters/${samLink}/edit` },
  'people.$personId.supporters.$id.index': { as: 'aroha', path: `${me}/supporters/${samLink}` },
  'people.$personId.supporters.finish': { as: 'sam', path: `${me}/supporters/finish` },
  'people.$personId.supporters.index': { as: 'aroha', path: `${me}/supporters` },
  'people.$personId.supporters.invite': { as: 'aroha', path: `${me}/supporters/invite` },
  'people.$personId.supporters.start': { as: 'sam', path: `${me}/supporters/start` },
  'people.$personId.supporting.$id': { as: 'sam', path: `/people/${sam}/supporting/${samLink}` },
  'people.$personId.supporting.create': { as: 'sam', path: `/people/${sam}/supporting/create` },
  'people.$personId.supporting.index': { as: 'sam', path: `/people/${sam}/supporting` },
  register: { as: 'nobody', path: '/register' },
  // The check-in surveys: a statement step; the redirect by type lands on one.
  'survey.$personId.$type': { as: 'aroha', path: `/survey/${aroha}/DecisionMaker?step=2` },
  'survey.$personId.decision-maker': { as: 'aroha', path: `/survey/${aroha}/decision-maker` },
  'survey.$personId.supporter': { as: 'sam', path: `/survey/${sam}/supporter?step=3` },
  // Aroha's own survey is the Decision Maker's (both roles' is checked in survey.spec.ts).
  'survey.$personId.supporter-and-decision-maker': {
    as: 'aroha',
    path: `/survey/${aroha}/supporter-and-decision-maker?step=2`,
  },
  registered: { as: 'nobody', path: '/registered' },
  'p.$token': { as: 'nobody', path: `/p/${'A'.repeat(43)}` },
  'people.$personId.profiles.index': { as: 'aroha', path: `${me}/profiles` },
  'people.$personId.profiles.$id': { as: 'aroha', path: `${me}/profiles/${nobody}` },
};

const routesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../web/routes');

test('every route file has a page to check here', () => {
  const files = readdirSync(routesDir)
    .filter((f) => f.endsWith('.tsx') && f !== '__root.tsx')
    .map((f) => f.replace(/\.tsx$/, ''))
    .sort();
  expect(files).toEqual(Object.keys(routes).sort());
});

/**
 * A change since Sam's last visit and a note for the next visit, so that the
 * pages that show the handover (Aroha's home, Sam's page of her) are checked
 * with both. The fixtures delete them when the test ends.
 */
async function handover(sql: postgres.Sql) {
  const note = crypto.randomUUID();
  await sql`insert into handover_note (id, person_id, body, access, created_by, updated_by, expires_at)
            values (${note}, ${aroha}, 'Aroha slept late; breakfast at nine.', 'General',
                    ${aroha}, ${aroha}, now() + interval '7 days')`;
  await sql`insert into handover_note_reader (note_id, supporter_link_id, supporter_id)
            values (${note}, ${samLink}, ${sam})`;
  await sql`insert into handover_item (id, supporter_link_id, supporter_id, person_id, kind,
                                       event_type, preference_id, message, created_by)
            values (${crypto.randomUUID()}, ${samLink}, ${sam}, ${aroha}, 'Preference', 'Modify',
                    ${tea}, 'Changed the title from “Tea” to “Green tea”', ${aroha})`;
}

/**
 * Headings in the tea's description and its note, as a writer types them (a
 * level skipped, one written as the page's title): the pages that show them
 * keep the page's outline (heading-order). The fixtures put both back.
 */
async function headingsInTexts(sql: postgres.Sql) {
  await sql`update preference set description = ${'I like my tea **strong**.\n\n# How I take it\n\n### Milk\n\nA little.\n\n## Sugar\n\nNone.'}
            where id = ${tea}`;
  await sql`update note set body = ${'### When I am tired\n\nA smaller cup.\n\n# Later\n\nNone after six.'}
            where id = ${teaNote}`;
}

/** The page has drawn (a heading, or at least its main region) and axe finds nothing serious. */
async function check(page: Page, visit: Visit) {
  await page.goto(visit.path);
  await expect(page.locator('h1, main').first()).toBeVisible();
  if (visit.shows) await expect(page.getByRole('heading', { name: visit.shows })).toBeVisible();
  // Past "Loading…": whatever the page waits for has arrived or failed.
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
  expect(await seriousViolations(page), `${visit.path} (as ${visit.as})`).toEqual([]);
}

// The bogus invite and sign-in links are refused by the API on purpose.
test.use({
  allowedConsoleErrors: {
    invite: failedRequest(404, `/api/invites/${nobody}`),
    shared: failedRequest(410, '/api/shared-profiles/'),
    track: failedRequest(400, '/api/authentication/email/track/complete'),
    finalize: failedRequest(400, '/api/authentication/email/verify/email-magic-link/finalize'),
  },
});

// Each test only reads (and puts back what it uploads): the parts below run
// on whichever worker is free, each on its own stack.
test.describe.configure({ mode: 'parallel' });

/** Pages per test: a long list is split so that no one test holds a worker for minutes. */
const PART = 8;

// Aroha's pages twice: as she sees them, and in easy read (her own choice,
// web/hooks/use-easy-read.ts), which draws her own screens differently.
for (const who of ['nobody', 'aroha', 'aroha in easy read', 'sam'] as const) {
  const as = who === 'aroha in easy read' ? 'aroha' : who;
  const visits = Object.values(routes).filter(
    (v): v is Visit => v !== 'layout' && v.as === as && !v.path.endsWith('/logout'),
  );
  const parts = Math.ceil(visits.length / PART);
  for (let part = 0; part < parts; part++) {
    const these = visits.slice(part * PART, (part + 1) * PART);
    test(`no serious or critical violations on the pages for ${who === 'nobody' ? 'someone signed out' : who} (${part + 1} of ${parts})`, async ({
      page,
      signIn,
      sql,
    }) => {
      test.setTimeout(90_000);
      if (as !== 'nobody') await signIn(`${as}@example.com`);
      if (who === 'aroha in easy read') {
        await sql`update person set easy_read = true where id = ${aroha}`;
        await page.goto(me);
        await expect(page.getByRole('heading', { level: 1, name: 'Hello, Aroha.' })).toBeVisible();
      }
      // Sam's pages in Aroha's library need his support session first.
      if (as === 'sam') await startSupporting(page, aroha);
      if (as !== 'nobody') await handover(sql);
      if (as === 'aroha') await headingsInTexts(sql);
      const media = these.some((v) => v.path.includes(MEDIA)) ? await uploadPicture(page) : '';
      for (const visit of these)
        await check(page, { ...visit, path: visit.path.replace(MEDIA, media) });
      // Signing out last (it ends the session the other pages need).
      if (as === 'nobody' && part === parts - 1)
        await check(page, { as: 'nobody', path: '/logout' });
    });
  }
}
