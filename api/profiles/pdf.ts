/**
 * A one-page profile as a PDF file (ADR 026): the same layout as
 * the screen and the printed sheet (sync/profile.ts layOut), in large type,
 * each preference with its picture. pdfkit writes it; DejaVu Sans is embedded
 * because the standard PDF fonts lack the macrons of te reo Māori (ā, ē, ī, ō,
 * ū). A description is Markdown: it is set as styled text (pdf-markdown.ts),
 * bold and italic in DejaVu's own faces, never as its markers. Pictures are the 400-pixel tiles, turned into JPEG with sharp (pdfkit
 * reads JPEG and PNG only).
 *
 * Two more formats of the same layout, for readers the first one fails:
 * easy read (a picture for every item, the preference's own or else its
 * feeling's Twemoji face, short lines, one sentence a line, 16 pt and up) and
 * large print (18 pt and up, one column, pictures above their words).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { FEELINGS, type Feeling } from '../../schema/enums.ts';
import { feelingLabels } from '../../sync/labels.ts';
import type { ProfileView } from '../../sync/profile.ts';
import { markdownBlocks, type Run } from './pdf-markdown.ts';

const fontDir = path.join(
  path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')),
  'ttf',
);
const REGULAR = path.join(fontDir, 'DejaVuSans.ttf');
const BOLD = path.join(fontDir, 'DejaVuSans-Bold.ttf');
const ITALIC = path.join(fontDir, 'DejaVuSans-Oblique.ttf');
const BOLD_ITALIC = path.join(fontDir, 'DejaVuSans-BoldOblique.ttf');
const twemojiDir = path.dirname(
  createRequire(import.meta.url).resolve('@twemoji/svg/package.json'),
);

/** The words of the sheet that are not the person's (web/messages.ts has the same). */
export const pdfWords = {
  sections: { Love: 'What I love', Dislike: 'What I dislike', Support: 'How to support me' },
  emptySection: 'Nothing here yet.',
  restrictedWarning:
    'This page shows private (restricted) things to anyone who has its link or a copy on paper.',
} as const;

const INK = '#1d1b26';
const LAVENDER = '#4e4285';
const DANGER = '#a4262c';

/** A picture as JPEG for the PDF, or undefined when it cannot be read. */
async function asJpeg(bytes: Uint8Array | undefined): Promise<Buffer | undefined> {
  if (!bytes) return undefined;
  try {
    return await sharp(bytes)
      .rotate()
      .resize(240, 240, { fit: 'cover' })
      .jpeg({ quality: 80 })
      .toBuffer();
  } catch {
    return undefined;
  }
}

const fontOf = (run: Run) =>
  run.bold ? (run.italic ? 'bold-italic' : 'bold') : run.italic ? 'italic' : 'regular';

/** How far a list or quotation steps in, in points; a list's marker sits in that step. */
const STEP = 24;

/** A description's Markdown at `left`, `width` wide, from the current line down. */
function writeMarkdown(doc: PDFKit.PDFDocument, markdown: string, left: number, width: number) {
  markdownBlocks(markdown).forEach((block, i) => {
    if (i > 0) doc.moveDown(0.25);
    const x = left + block.depth * STEP;
    const w = width - block.depth * STEP;
    const y = doc.y;
    if (block.marker) {
      doc.font('regular').text(block.marker, x - STEP, y, { width: STEP, lineBreak: false });
      doc.y = y;
    }
    if (block.runs.length === 0) {
      doc.moveDown(1);
      return;
    }
    block.runs.forEach((run, j) => {
      // One paragraph of several faces: each run continues the line the last one left.
      const options = { width: w, continued: j < block.runs.length - 1 };
      doc.font(fontOf(run));
      if (j === 0) doc.text(run.text, x, y, options);
      else doc.text(run.text, options);
    });
  });
}

/** A new A4 document of a page, with DejaVu's faces; `finish` ends it and gives its bytes. */
function openDocument(view: ProfileView) {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: view.title, Author: view.person.name, Creator: 'Preference Bank' },
    lang: 'en-NZ',
    displayTitle: true,
    tagged: true,
  });
  doc.registerFont('regular', REGULAR);
  doc.registerFont('bold', BOLD);
  doc.registerFont('italic', ITALIC);
  doc.registerFont('bold-italic', BOLD_ITALIC);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', () => resolve());
    doc.on('error', reject);
  });
  const finish = async () => {
    doc.end();
    await ended;
    return Buffer.concat(chunks);
  };
  return { doc, finish };
}

/** A picture's bytes by its media id (undefined when it cannot be had). */
type Pictures = (mediaId: string) => Promise<Uint8Array | undefined>;

/** The PDF of a page; `picture` gives a picture's bytes by its media id. */
export async function profilePdf(view: ProfileView, picture: Pictures): Promise<Buffer> {
  const { doc, finish } = openDocument(view);
  const width = doc.page.width - 100;
  const photo = view.person.photoId ? await asJpeg(await picture(view.person.photoId)) : undefined;
  const top = doc.y;
  if (photo) doc.image(photo, 50, top, { fit: [72, 72] });
  const left = photo ? 135 : 50;
  doc
    .font('bold')
    .fontSize(14)
    .fillColor(INK)
    .text(view.person.name, left, top, { width: width - (left - 50) });
  doc
    .font('bold')
    .fontSize(24)
    .text(view.title, { width: width - (left - 50) });
  doc.y = Math.max(doc.y, photo ? top + 80 : doc.y);
  doc.x = 50;
  restrictedWarning(doc, view, 12, width);

  for (const s of view.sections) {
    doc
      .moveDown(1)
      .font('bold')
      .fontSize(18)
      .fillColor(LAVENDER)
      .text(pdfWords.sections[s.section], 50, doc.y, { width });
    const lineY = doc.y + 2;
    doc
      .moveTo(50, lineY)
      .lineTo(50 + width, lineY)
      .lineWidth(2)
      .strokeColor(LAVENDER)
      .stroke();
    doc.moveDown(0.5);
    if (s.items.length === 0) {
      emptyPart(doc, 13, width);
      continue;
    }
    for (const item of s.items) {
      const image = item.heroMediaId ? await asJpeg(await picture(item.heroMediaId)) : undefined;
      // Keep an item with its picture on one page.
      if (doc.y + 80 > doc.page.height - 50) doc.addPage();
      const y = doc.y;
      const textLeft = image ? 125 : 50;
      if (image) doc.image(image, 50, y, { fit: [64, 64] });
      doc
        .font('bold')
        .fontSize(15)
        .fillColor(INK)
        .text(item.title, textLeft, y, { width: width - (textLeft - 50) });
      if (item.description) {
        doc.fontSize(13);
        writeMarkdown(doc, item.description, textLeft, width - (textLeft - 50));
      }
      doc.y = Math.max(doc.y, image ? y + 70 : doc.y) + 8;
      doc.x = 50;
    }
  }
  return finish();
}

/**
 * The Twemoji drawing of a feeling's emoji (the same file the screen shows,
 * web/components/feeling-icon.tsx): its name is the emoji's code points.
 */
export function feelingSymbolFile(feeling: Feeling): string {
  const points = [...feelingLabels[feeling].emoji]
    .map((c) => (c.codePointAt(0) ?? 0).toString(16))
    .filter((p) => p !== 'fe0f');
  return path.join(twemojiDir, `${points.join('-')}.svg`);
}

/** Each feeling's symbol as PNG, drawn once per process. */
const symbols = new Map<Feeling, Promise<Buffer | undefined>>();

/** A feeling's symbol as a PNG for the PDF; a preference with no feeling has the speech bubble. */
function feelingSymbol(feeling: string | null): Promise<Buffer | undefined> {
  const f: Feeling = (FEELINGS as readonly string[]).includes(feeling ?? '')
    ? (feeling as Feeling)
    : 'Other';
  let made = symbols.get(f);
  if (!made) {
    made = sharp(feelingSymbolFile(f), { density: 300 })
      .resize(192, 192, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .png()
      .toBuffer()
      .catch(() => undefined);
    symbols.set(f, made);
  }
  return made;
}

/** Easy read: one idea a line. A description's blocks as plain lines, one sentence each. */
export function easyReadLines(markdown: string): string[] {
  return markdownBlocks(markdown).flatMap((block) => {
    const text = block.runs
      .map((r) => r.text)
      .join('')
      .replace(/\s+/g, ' ')
      .trim();
    if (!text) return [];
    const sentences = text.split(/(?<=[.!?])\s+(?=\S)/);
    return block.marker
      ? sentences.map((s, i) => (i === 0 ? `${block.marker} ${s}` : s))
      : sentences;
  });
}

/** Sizes of the easy-read file, in points: nothing under 16. */
const EASY = { name: 18, title: 26, warning: 16, section: 22, item: 18, line: 16 } as const;
/** Its pictures and its short lines: about 35 characters at 16 pt. */
const EASY_PICTURE = 96;
const EASY_TEXT_LEFT = 50 + EASY_PICTURE + 24;
const EASY_TEXT_WIDTH = 300;

/** A section's heading with its rule, in `size`, across `width`. */
/** The warning of a page that shows Restricted preferences, in the danger colour. */
function restrictedWarning(
  doc: PDFKit.PDFDocument,
  view: ProfileView,
  size: number,
  width: number,
) {
  if (!view.includeRestricted) return;
  doc
    .moveDown(0.5)
    .font('regular')
    .fontSize(size)
    .fillColor(DANGER)
    .text(pdfWords.restrictedWarning, 50, doc.y, { width });
}

/** A part of the page with nothing in it, said so. */
function emptyPart(doc: PDFKit.PDFDocument, size: number, width: number) {
  doc
    .font('regular')
    .fontSize(size)
    .fillColor(INK)
    .text(pdfWords.emptySection, 50, doc.y, { width });
}

function sectionHeading(doc: PDFKit.PDFDocument, words: string, size: number, width: number) {
  doc.moveDown(1).font('bold').fontSize(size).fillColor(LAVENDER).text(words, 50, doc.y, { width });
  const lineY = doc.y + 2;
  doc
    .moveTo(50, lineY)
    .lineTo(50 + width, lineY)
    .lineWidth(2)
    .strokeColor(LAVENDER)
    .stroke();
  doc.moveDown(0.5);
}

/**
 * The easy-read PDF of a page: every item beside a picture (its own, else
 * its feeling's symbol), its words in a short column, one sentence a line,
 * nothing smaller than 16 pt.
 */
export async function easyReadPdf(view: ProfileView, picture: Pictures): Promise<Buffer> {
  const { doc, finish } = openDocument(view);
  const width = doc.page.width - 100;
  const bottom = () => doc.page.height - 50;

  const photo = view.person.photoId ? await asJpeg(await picture(view.person.photoId)) : undefined;
  const top = doc.y;
  if (photo) doc.image(photo, 50, top, { fit: [EASY_PICTURE, EASY_PICTURE] });
  const left = photo ? EASY_TEXT_LEFT : 50;
  doc
    .font('bold')
    .fontSize(EASY.name)
    .fillColor(INK)
    .text(view.person.name, left, top, { width: EASY_TEXT_WIDTH });
  doc.fontSize(EASY.title).text(view.title, { width: EASY_TEXT_WIDTH });
  doc.y = Math.max(doc.y, photo ? top + EASY_PICTURE + 8 : doc.y);
  restrictedWarning(doc, view, EASY.warning, EASY_TEXT_WIDTH);

  for (const s of view.sections) {
    if (doc.y + 160 > bottom()) doc.addPage();
    sectionHeading(doc, pdfWords.sections[s.section], EASY.section, width);
    if (s.items.length === 0) {
      emptyPart(doc, EASY.line, width);
      continue;
    }
    for (const item of s.items) {
      const own = item.heroMediaId ? await asJpeg(await picture(item.heroMediaId)) : undefined;
      const image = own ?? (await feelingSymbol(item.feeling));
      // Keep an item with its picture on one page.
      if (doc.y + EASY_PICTURE + 8 > bottom()) doc.addPage();
      const y = doc.y + 8;
      if (image) doc.image(image, 50, y, { fit: [EASY_PICTURE, EASY_PICTURE] });
      doc
        .font('bold')
        .fontSize(EASY.item)
        .fillColor(INK)
        .text(item.title, EASY_TEXT_LEFT, y, { width: EASY_TEXT_WIDTH });
      doc.font('regular').fontSize(EASY.line);
      for (const line of easyReadLines(item.description ?? '')) {
        doc.moveDown(0.25).text(line, EASY_TEXT_LEFT, doc.y, { width: EASY_TEXT_WIDTH });
      }
      doc.y = Math.max(doc.y, y + EASY_PICTURE) + 16;
      doc.x = 50;
    }
  }
  return finish();
}

/** Sizes of the large-print file, in points: nothing under 18. */
const LARGE = { name: 20, title: 30, warning: 18, section: 26, item: 22, text: 18 } as const;
const LARGE_PICTURE = 120;

/**
 * The large-print PDF of a page: one column, the whole width; a picture
 * above its item's words, never beside them; nothing smaller than 18 pt.
 */
export async function largePrintPdf(view: ProfileView, picture: Pictures): Promise<Buffer> {
  const { doc, finish } = openDocument(view);
  const width = doc.page.width - 100;
  const bottom = () => doc.page.height - 50;

  const photo = view.person.photoId ? await asJpeg(await picture(view.person.photoId)) : undefined;
  if (photo) {
    const top = doc.y;
    doc.image(photo, 50, top, { fit: [LARGE_PICTURE, LARGE_PICTURE] });
    doc.y = top + LARGE_PICTURE + 12;
  }
  doc.font('bold').fontSize(LARGE.name).fillColor(INK).text(view.person.name, 50, doc.y, { width });
  doc.fontSize(LARGE.title).text(view.title, { width });
  restrictedWarning(doc, view, LARGE.warning, width);

  for (const s of view.sections) {
    if (doc.y + 140 > bottom()) doc.addPage();
    sectionHeading(doc, pdfWords.sections[s.section], LARGE.section, width);
    if (s.items.length === 0) {
      emptyPart(doc, LARGE.text, width);
      continue;
    }
    for (const item of s.items) {
      const image = item.heroMediaId ? await asJpeg(await picture(item.heroMediaId)) : undefined;
      // Keep a picture with its item's title on one page.
      if (doc.y + (image ? LARGE_PICTURE + 12 : 0) + 40 > bottom()) doc.addPage();
      if (image) {
        const y = doc.y + 8;
        doc.image(image, 50, y, { fit: [LARGE_PICTURE, LARGE_PICTURE] });
        doc.y = y + LARGE_PICTURE + 8;
      }
      doc.font('bold').fontSize(LARGE.item).fillColor(INK).text(item.title, 50, doc.y, { width });
      if (item.description) {
        doc.fontSize(LARGE.text);
        writeMarkdown(doc, item.description, 50, width);
      }
      doc.moveDown(0.75);
      doc.x = 50;
    }
  }
  return finish();
}
