/**
 * A one-page profile as a PDF file (ADR 026): the same layout as
 * the screen and the printed sheet (sync/profile.ts layOut), in large type,
 * each preference with its picture. pdfkit writes it; DejaVu Sans is embedded
 * because the standard PDF fonts lack the macrons of te reo Māori (ā, ē, ī, ō,
 * ū). A description is Markdown: it is set as styled text (pdf-markdown.ts),
 * bold and italic in DejaVu's own faces, never as its markers. Pictures are the 400-pixel tiles, turned into JPEG with sharp (pdfkit
 * reads JPEG and PNG only).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
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

/** The PDF of a page; `picture` gives a picture's bytes by its media id. */
export async function profilePdf(
  view: ProfileView,
  picture: (mediaId: string) => Promise<Uint8Array | undefined>,
): Promise<Buffer> {
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
  if (view.includeRestricted) {
    doc
      .moveDown(0.5)
      .font('regular')
      .fontSize(12)
      .fillColor(DANGER)
      .text(pdfWords.restrictedWarning, { width });
  }

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
      doc
        .font('regular')
        .fontSize(13)
        .fillColor(INK)
        .text(pdfWords.emptySection, 50, doc.y, { width });
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
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
