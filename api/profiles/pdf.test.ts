import PDFDocument from 'pdfkit';
import { afterEach, expect, it, vi } from 'vitest';
import type { ProfileView } from '../../sync/profile.ts';
import { profilePdf } from './pdf.ts';

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
