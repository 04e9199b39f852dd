import { existsSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { afterEach, expect, it, vi } from 'vitest';
import { FEELINGS } from '../../schema/enums.ts';
import type { ProfileView } from '../../sync/profile.ts';
import { easyReadLines, easyReadPdf, feelingSymbolFile, largePrintPdf, profilePdf } from './pdf.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

const item = (id: string, title: string, description: string | null) => ({
  id,
  title,
  description,
  feeling: null,
  access: 'General',
  heroMediaId: null,
});

const view: ProfileView = {
  title: 'About me for my hospital stay',
  purpose: 'HospitalStay',
  person: { name: 'Aroha', photoId: null },
  includeRestricted: false,
  sections: [
    {
      section: 'Love',
      items: [
        item('tea', 'Tea', 'I like my tea **strong**, with _a little_ milk.'),
        item('music', 'Music', '- *Quiet* songs\n- [My playlist](https://music.example/aroha)'),
      ],
    },
    { section: 'Dislike', items: [item('mushrooms', 'Mushrooms', null)] },
    { section: 'Support', items: [item('mornings', 'Mornings', '1. Slowly\n2. __Gently__')] },
  ],
};

it('the PDF sets a description’s words in their styles, with no Markdown marker among them', async () => {
  // What pdfkit is asked to write, each string in the face chosen before it: the file's text.
  const text = vi.spyOn(PDFDocument.prototype, 'text');
  const font = vi.spyOn(PDFDocument.prototype, 'font');
  const pdf = await profilePdf(view, async () => undefined);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  const faces = font.mock.calls.map((c, i) => ({
    face: String(c[0]),
    at: font.mock.invocationCallOrder[i] ?? 0,
  }));
  const written = text.mock.calls.map((c, i) => {
    const at = text.mock.invocationCallOrder[i] ?? 0;
    return { text: String(c[0]), face: faces.filter((f) => f.at < at).at(-1)?.face };
  });
  const all = written.map((w) => w.text).join('');
  expect(all).not.toMatch(/\*|_|\[|\]\(/);
  for (const words of [
    'I like my tea strong, with a little milk.',
    'Quiet songs',
    'My playlist (https://music.example/aroha)',
    'Slowly',
    'Gently',
  ]) {
    expect(all).toContain(words);
  }
  const faceOf = (words: string) => written.find((w) => w.text === words)?.face;
  expect(faceOf('strong')).toBe('bold');
  expect(faceOf('a little')).toBe('italic');
  expect(faceOf('Quiet')).toBe('italic');
  expect(faceOf('Gently')).toBe('bold');
  expect(faceOf('I like my tea ')).toBe('regular');
  // Each list item with its marker.
  expect(written.map((w) => w.text)).toEqual(expect.arrayContaining(['•', '1.', '2.']));
});

/** A page whose every item has a feeling; the tea has a picture of its own. */
const pictured: ProfileView = {
  ...view,
  includeRestricted: true,
  sections: [
    {
      section: 'Love',
      items: [
        { ...item('tea', 'Tea', 'I like my tea strong. A little milk, please!'), feeling: 'love' },
        { ...item('music', 'Music', '- Quiet songs\n- Waiata'), feeling: 'happy' },
      ],
    },
    { section: 'Dislike', items: [{ ...item('mushrooms', 'Mushrooms', null), feeling: 'hate' }] },
    { section: 'Support', items: [] },
  ],
};
const teaPicture = { ...pictured.sections[0]?.items[0], heroMediaId: 'tea-photo' };
const withPicture: ProfileView = {
  ...pictured,
  sections: pictured.sections.map((s) =>
    s.section === 'Love'
      ? { ...s, items: s.items.map((i) => (i.id === 'tea' ? { ...i, ...teaPicture } : i)) }
      : s,
  ),
};
const photo = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();

it('every feeling has its Twemoji drawing for the easy-read PDF', () => {
  for (const f of FEELINGS) expect(existsSync(feelingSymbolFile(f)), f).toBe(true);
  expect(feelingSymbolFile('love')).toMatch(/1f60d\.svg$/);
});

it('easy read: one idea a line, a list item with its bullet', () => {
  expect(easyReadLines('I like tea. **Strong**, with milk!\n\n- Big mug\n- Warm. Not hot')).toEqual(
    ['I like tea.', 'Strong, with milk!', '• Big mug', '• Warm.', 'Not hot'],
  );
});

/**
 * What pdfkit is asked to draw while `make` runs: every font size set, every
 * string with the left edge it was given (if any), and every picture as its
 * kind (JPEG or PNG) and left edge. (The PDF's own text is read back in the
 * integration tests, tests/integration/profiles.test.ts.)
 */
async function drawn(make: () => Promise<Buffer>) {
  const fontSize = vi.spyOn(PDFDocument.prototype, 'fontSize');
  const text = vi.spyOn(PDFDocument.prototype, 'text');
  const image = vi.spyOn(PDFDocument.prototype, 'image');
  const pdf = await make();
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const kind = (b: unknown) =>
    Buffer.isBuffer(b) && b[0] === 0xff && b[1] === 0xd8
      ? 'jpeg'
      : Buffer.isBuffer(b) && b[0] === 0x89
        ? 'png'
        : 'other';
  const result = {
    sizes: fontSize.mock.calls.map((c) => Number(c[0])),
    texts: text.mock.calls.map((c) => ({
      text: String(c[0]),
      x: typeof c[1] === 'number' ? c[1] : undefined,
    })),
    pictures: image.mock.calls.map((c) => ({ kind: kind(c[0]), x: c[1] })),
  };
  vi.restoreAllMocks();
  return result;
}

it('the easy-read PDF: a picture for every item (its own, else its feeling’s), one idea a line, 16 pt and up', async () => {
  const asked: string[] = [];
  const easy = await drawn(() =>
    easyReadPdf(withPicture, async (id) => {
      asked.push(id);
      return id === 'tea-photo' ? photo() : undefined;
    }),
  );
  expect(asked).toEqual(['tea-photo']);
  // Three items, three pictures: the tea's own (a JPEG), the others their feeling's symbol (PNG).
  expect(easy.pictures.map((p) => p.kind)).toEqual(['jpeg', 'png', 'png']);
  expect(easy.texts.map((t) => t.text)).toEqual(
    expect.arrayContaining([
      'What I love',
      'Tea',
      // Each sentence a line of its own.
      'I like my tea strong.',
      'A little milk, please!',
      '• Quiet songs',
      '• Waiata',
      'What I dislike',
      'Mushrooms',
      'How to support me',
      'Nothing here yet.',
    ]),
  );
  expect(Math.min(...easy.sizes)).toBeGreaterThanOrEqual(16);
  // Without its own picture (none, or one that cannot be read), the tea has its feeling's symbol.
  const fallback = await drawn(() => easyReadPdf(withPicture, async () => undefined));
  expect(fallback.pictures.map((p) => p.kind)).toEqual(['png', 'png', 'png']);
});

it('the large-print PDF: one column, 18 pt and up, a picture above its words', async () => {
  const large = await drawn(() =>
    largePrintPdf(withPicture, async (id) => (id === 'tea-photo' ? photo() : undefined)),
  );
  expect(large.pictures).toEqual([{ kind: 'jpeg', x: 50 }]);
  expect(large.texts.map((t) => t.text)).toEqual(
    expect.arrayContaining([
      'What I love',
      'Tea',
      'I like my tea strong. A little milk, please!',
      'Quiet songs',
      'Mushrooms',
      'Nothing here yet.',
      'This page shows private (restricted) things to anyone who has its link or a copy on paper.',
    ]),
  );
  expect(Math.min(...large.sizes)).toBeGreaterThanOrEqual(18);
  // One column: words start at the left margin (a list's words one step in), never beside a picture.
  for (const t of large.texts) if (t.x !== undefined) expect(t.x, t.text).toBeLessThanOrEqual(74);
});
