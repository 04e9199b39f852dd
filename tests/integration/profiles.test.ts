/**
 * One-page profiles against the real stack: built through
 * Zero by the person or their Administrator in session, shared by a link
 * anyone can open signed out, always laid out from the library as it is now,
 * Restricted preferences only when included, and a revoked, expired or
 * unknown link shows "This page is no longer shared" and nothing else.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { seedId } from '../../api/seed.ts';
import { mutators } from '../../sync/mutators.ts';
import { queries } from '../../sync/queries.ts';
import { type SignedIn, signIn } from '../harness/clients.ts';
import { sql, stack } from '../harness/db.ts';
import { pdfLines, pdfPictures, pdfSizedLines } from '../harness/pdf-text.ts';
import { call, startSession } from '../harness/rest.ts';
import { client, serverResult } from '../harness/zero.ts';

const arohaId = seedId('person:aroha');
/** A 1×1 PNG: a picture of a preference's own. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
// This file's own preferences of Aroha's: other files change the demo ones meanwhile.
const tea = crypto.randomUUID();
const mushrooms = crypto.randomUUID();
const medication = crypto.randomUUID();
const pages: string[] = [];

let aroha: SignedIn;
let sam: SignedIn;
let ana: SignedIn;
let tui: SignedIn;

beforeAll(async () => {
  for (const [id, title, feeling, access] of [
    [tea, 'A cup of tea with milk, no sugar', 'love', 'General'],
    [mushrooms, 'Mushrooms', 'hate', 'General'],
    [medication, 'How I take my medication', 'neutral', 'Restricted'],
  ] as const) {
    await sql`insert into preference (id, person_id, title, feeling, access, status, created_by, updated_by)
              values (${id}, ${arohaId}, ${title}, ${feeling}, ${access}, 'Published', ${arohaId}, ${arohaId})`;
  }
  aroha = await signIn(stack.url, 'aroha@example.com');
  sam = await signIn(stack.url, 'sam@example.com');
  ana = await signIn(stack.url, 'ana@example.com');
  tui = await signIn(stack.url, 'tui@example.com');
});

afterAll(async () => {
  await sql`delete from profile_page where id = any(${pages})`;
  await sql`delete from preference where id = any(${[tea, mushrooms, medication]})`;
});

/** A page of Aroha's, made through Zero: tea (love), mushrooms (dislike), medication (support). */
async function newPage(who: SignedIn = aroha) {
  const z = client(who);
  const id = crypto.randomUUID();
  pages.push(id);
  const made = await serverResult(
    z,
    mutators.profile.create({ id, personId: arohaId, purpose: 'HospitalStay' }),
  );
  if (made.type !== 'success') return { id, z, made };
  const items = await serverResult(
    z,
    mutators.profile.update({
      id,
      items: [
        { preferenceId: tea, section: 'Love' },
        { preferenceId: mushrooms, section: 'Dislike' },
        { preferenceId: medication, section: 'Support' },
      ],
    }),
  );
  return { id, z, made: items };
}

/** Shares page `pageId` of Aroha's by a link, as `who`. */
const share = (pageId: string, who: SignedIn, body: unknown = {}) =>
  call(who, 'POST', `/api/people/${arohaId}/profiles/${pageId}/shares`, body);

/** Opens a share link as anyone would: no cookie. */
const open = (url: string) => call(undefined, 'GET', `/api/shared-profiles/${url.split('/p/')[1]}`);

type View = { title: string; sections: { section: string; items: { title: string }[] }[] };
const titles = (v: View) =>
  Object.fromEntries(v.sections.map((s) => [s.section, s.items.map((i) => i.title)]));

describe('a one-page profile', () => {
  test('is built by the person, shared by a link anyone opens, General only unless included, live', async () => {
    const { id, z, made } = await newPage();
    expect(made.type).toBe('success');
    const page = await z.run(queries.profile.byId({ personId: arohaId, id }), { type: 'complete' });
    expect(page?.title).toBe('About me for my hospital stay');
    expect(page?.items.map((i) => i.preferenceId)).toEqual([tea, mushrooms, medication]);

    const s = await share(id, aroha, { expiresInDays: 7 });
    expect(s.status).toBe(201);
    expect(s.body.url).toMatch(/\/p\/[A-Za-z0-9_-]{43}$/);
    const expires = Date.parse(s.body.expiresAt) - Date.now();
    expect(expires).toBeGreaterThan(6.9 * 86_400_000);
    expect(expires).toBeLessThanOrEqual(7 * 86_400_000);

    const seen = await open(s.body.url);
    expect(seen.status).toBe(200);
    expect(seen.body.title).toBe('About me for my hospital stay');
    expect(seen.body.person.name).toBe('Aroha');
    // The Restricted medication preference is left out until the page includes it.
    expect(titles(seen.body)).toEqual({
      Love: ['A cup of tea with milk, no sugar'],
      Dislike: ['Mushrooms'],
      Support: [],
    });
    expect(JSON.stringify(seen.body)).not.toContain('medication');

    const included = await serverResult(
      z,
      mutators.profile.update({ id, includeRestricted: true }),
    );
    expect(included.type).toBe('success');
    expect(titles((await open(s.body.url)).body).Support).toEqual(['How I take my medication']);

    // Live from the library: a title changed there is what the link shows next.
    await sql`update preference set title = 'Tea, strong' where id = ${tea}`;
    try {
      expect(titles((await open(s.body.url)).body).Love).toEqual(['Tea, strong']);
    } finally {
      await sql`update preference set title = 'A cup of tea with milk, no sugar' where id = ${tea}`;
    }
    const history = await sql`select message from history_event
      where related_id = ${id} order by created_at, id`;
    expect(history.map((h) => h.message)).toEqual([
      'Created the one-page profile “About me for my hospital stay”',
      'Changed the one-page profile “About me for my hospital stay”',
      'Shared the one-page profile “About me for my hospital stay” by a link for 7 days',
      'Included restricted preferences in the one-page profile “About me for my hospital stay”',
    ]);
  });

  test('the page as a PDF file: by its link signed out, and by the person; not by others', async () => {
    const { id } = await newPage();
    const s = await share(id, aroha);
    const t = s.body.url.split('/p/')[1];
    const res = await fetch(`${stack.url}/api/shared-profiles/${t}/pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="about-me-for-my-hospital-stay.pdf"',
    );
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // The document's title (its Info dictionary): the page's.
    expect(pdf.toString('latin1')).toContain('(About me for my hospital stay)');
    // The te reo font goes with it (the standard fonts have no macrons).
    expect(pdf.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans-Bold/);
    const own = await fetch(`${stack.url}/api/people/${arohaId}/profiles/${id}/pdf`, {
      headers: { cookie: aroha.cookie },
    });
    expect(own.status).toBe(200);
    expect(
      Buffer.from(await own.arrayBuffer())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
    const other = await call(sam, 'GET', `/api/people/${arohaId}/profiles/${id}/pdf`);
    expect([403, 404]).toContain(other.status);
    await serverResult(client(aroha), mutators.profile.revokeShare({ shareId: s.body.id }));
    expect((await fetch(`${stack.url}/api/shared-profiles/${t}/pdf`)).status).toBe(410);
  });

  test('easy-read and large-print PDFs: by its link signed out, and by the person; not by others; ended with the link', async () => {
    const description = 'I like my tea strong. With a little milk!';
    await sql`update preference set description = ${description} where id = ${tea}`;
    // The tea's own picture, stored as any upload is (the development S3 store).
    const signed = await call(aroha, 'POST', `/api/people/${arohaId}/media/signed`, {
      name: 'teapot.png',
      contentType: 'image/png',
      contentLength: PNG.length,
      preferenceId: tea,
    });
    expect(signed.status, JSON.stringify(signed.body)).toBe(201);
    const mediaId = String(signed.body.id);
    try {
      const put = await fetch(String(signed.body.url), {
        method: 'PUT',
        headers: signed.body.headers as Record<string, string>,
        body: new Uint8Array(PNG),
      });
      expect(put.status).toBe(200);
      const settled = await call(aroha, 'POST', `/api/people/${arohaId}/media/upload-settled`, {
        id: mediaId,
      });
      expect(settled.status, JSON.stringify(settled.body)).toBe(200);
      await sql`update preference set hero_media_id = ${mediaId} where id = ${tea}`;

      const { id } = await newPage();
      const s = await share(id, aroha);
      const t = s.body.url.split('/p/')[1];
      const shared = (format: string) =>
        fetch(`${stack.url}/api/shared-profiles/${t}/pdf/${format}`);

      const easy = await shared('easy-read');
      expect(easy.status).toBe(200);
      expect(easy.headers.get('content-type')).toBe('application/pdf');
      expect(easy.headers.get('content-disposition')).toBe(
        'attachment; filename="about-me-for-my-hospital-stay-easy-read.pdf"',
      );
      const easyPdf = Buffer.from(await easy.arrayBuffer());
      const easyLines = pdfSizedLines(easyPdf);
      // One idea a line; the Restricted medication is left out, as on the page.
      expect(easyLines.map((l) => l.text)).toEqual(
        expect.arrayContaining([
          'What I love',
          'I like my tea strong.',
          'With a little milk!',
          'What I dislike',
          'Mushrooms',
          'How to support me',
          'Nothing here yet.',
        ]),
      );
      const easyText = easyLines.map((l) => l.text).join(' ');
      expect(easyText).toContain('A cup of tea with milk, no sugar');
      expect(easyText).not.toContain('medication');
      for (const l of easyLines) {
        expect(l.size, l.text).toBeGreaterThanOrEqual(16);
        // Short lines: about 35 characters.
        expect(l.text.length, l.text).toBeLessThanOrEqual(45);
      }
      // A picture for each item: the tea's own (JPEG), the mushrooms' feeling (a PNG face).
      expect(pdfPictures(easyPdf)).toEqual(['DCTDecode', 'FlateDecode']);

      const large = await shared('large-print');
      expect(large.status).toBe(200);
      expect(large.headers.get('content-disposition')).toBe(
        'attachment; filename="about-me-for-my-hospital-stay-large-print.pdf"',
      );
      const largePdf = Buffer.from(await large.arrayBuffer());
      const largeLines = pdfSizedLines(largePdf);
      expect(largeLines.map((l) => l.text)).toEqual(
        expect.arrayContaining([
          'A cup of tea with milk, no sugar',
          'I like my tea strong. With a little milk!',
          'Mushrooms',
        ]),
      );
      for (const l of largeLines) {
        expect(l.size, l.text).toBeGreaterThanOrEqual(18);
        // One column: every line from the left margin.
        expect(l.x, l.text).toBe(50);
      }
      expect(pdfPictures(largePdf)).toEqual(['DCTDecode']);

      // The person's own, signed in; nobody else's; no other format.
      for (const format of ['easy-read', 'large-print']) {
        const own = await fetch(`${stack.url}/api/people/${arohaId}/profiles/${id}/pdf/${format}`, {
          headers: { cookie: aroha.cookie },
        });
        expect(own.status).toBe(200);
        expect(pdfLines(Buffer.from(await own.arrayBuffer()))).toContain('Mushrooms');
        const other = await call(sam, 'GET', `/api/people/${arohaId}/profiles/${id}/pdf/${format}`);
        expect([403, 404]).toContain(other.status);
      }
      expect((await shared('tiny-print')).status).toBe(400);

      // Stopping the share ends them with the page and its first PDF.
      await serverResult(client(aroha), mutators.profile.revokeShare({ shareId: s.body.id }));
      for (const format of ['easy-read', 'large-print']) {
        const after = await shared(format);
        expect(after.status).toBe(410);
        expect((await after.json()).error.message).toBe('This page is no longer shared');
      }
    } finally {
      await sql`update preference set description = null, hero_media_id = null where id = ${tea}`;
      await sql`delete from media where id = ${mediaId}`;
    }
  });

  test('the PDF sets a description’s Markdown as styled words: no marker left, no word lost', async () => {
    const description = [
      'I like my tea **strong**, with _a little_ milk.',
      '',
      '- Use the *big* mug',
      '- [My tea shop](https://tea.example/shop)',
      '',
      '1. Kettle first',
      '2. __Then__ the pot',
      '',
      '<b>raw</b> HTML `stays` words',
    ].join('\n');
    await sql`update preference set description = ${description} where id = ${tea}`;
    try {
      const { id } = await newPage();
      const s = await share(id, aroha);
      const res = await fetch(`${stack.url}/api/shared-profiles/${s.body.url.split('/p/')[1]}/pdf`);
      expect(res.status).toBe(200);
      const pdf = Buffer.from(await res.arrayBuffer());
      const lines = pdfLines(pdf);
      expect(lines).toEqual(
        expect.arrayContaining([
          'About me for my hospital stay',
          'A cup of tea with milk, no sugar',
          'I like my tea strong, with a little milk.',
          '•Use the big mug',
          '•My tea shop (https://tea.example/shop)',
          '1.Kettle first',
          '2.Then the pot',
          'raw HTML stays words',
        ]),
      );
      expect(lines.join('\n')).not.toMatch(/\*|_|\]\(|<\/?b>|`/);
      // Bold and italic in faces of their own, embedded beside the regular one.
      const fonts = pdf.toString('latin1');
      expect(fonts).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans-Oblique/);
      expect(fonts).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans-Bold\b/);
    } finally {
      await sql`update preference set description = null where id = ${tea}`;
    }
  });

  test('a revoked, expired, unknown or malformed link shows only "This page is no longer shared"', async () => {
    const { id, z } = await newPage();
    const a = await share(id, aroha);
    const b = await share(id, aroha);
    expect((await open(a.body.url)).status).toBe(200);
    const revoked = await serverResult(z, mutators.profile.revokeShare({ shareId: a.body.id }));
    expect(revoked.type).toBe('success');
    const gone = { error: { code: 'gone', message: 'This page is no longer shared' } };
    expect(await open(a.body.url)).toEqual({ status: 410, body: gone });
    // The other link still works, until it expires.
    expect((await open(b.body.url)).status).toBe(200);
    await sql`update profile_share set expires_at = now() - interval '1 second' where id = ${b.body.id}`;
    expect(await open(b.body.url)).toEqual({ status: 410, body: gone });
    expect(await open(`/p/${'x'.repeat(43)}`)).toEqual({ status: 410, body: gone });
    expect(await open('/p/short')).toEqual({ status: 410, body: gone });
    // A picture that is not on the page is not there either.
    const res = await fetch(
      `${stack.url}/api/shared-profiles/${b.body.url.split('/p/')[1]}/media/x`,
    );
    expect(res.status).toBe(410);
  });

  test('bad input is refused and changes nothing', async () => {
    const { id, z } = await newPage();
    const other = await serverResult(
      z,
      mutators.profile.update({
        id,
        items: [{ preferenceId: seedId('preference:tui:nothing'), section: 'Love' }],
      }),
    );
    expect(other.type).toBe('error');
    const [count] =
      await sql`select count(*)::int n from profile_page_item where profile_page_id = ${id}`;
    expect(count?.n).toBe(3);
    for (const body of [
      { expiresInDays: 0 },
      { expiresInDays: 91 },
      { expiresInDays: 'x' },
      { other: 1 },
    ]) {
      expect((await share(id, aroha, body)).status).toBe(400);
    }
    const [shares] =
      await sql`select count(*)::int n from profile_share where profile_page_id = ${id}`;
    expect(shares?.n).toBe(0);
  });

  test('only the person, or their Administrator in session, builds, reads and shares pages', async () => {
    const { id } = await newPage();
    // Sam (General) in session: no pages synced, none made, none shared.
    const session = await startSession(sam, arohaId);
    try {
      const zs = client(sam);
      expect(
        await zs.run(queries.profile.list({ personId: arohaId }), { type: 'complete' }),
      ).toEqual([]);
      const made = await newPage(sam);
      expect(made.made.type).toBe('error');
      expect((await share(id, sam)).status).toBe(403);
    } finally {
      await session.end();
    }
    // Tui, unrelated: not even told it exists.
    expect([403, 404]).toContain((await share(id, tui)).status);
    // Ana, Administrator: only inside a session.
    expect([403, 404]).toContain((await share(id, ana)).status);
    const admin = await startSession(ana, arohaId);
    try {
      expect((await share(id, ana)).status).toBe(201);
      const pagesSeen = await client(ana).run(queries.profile.list({ personId: arohaId }), {
        type: 'complete',
      });
      expect(pagesSeen.map((p) => p.id)).toContain(id);
    } finally {
      await admin.end();
    }
  });
});
