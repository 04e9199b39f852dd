/** "My data": the copy's `index.html`, the same data as a page to read. */

import { DATE_FORMATS, dateFormat } from '../../sync/dates.ts';
import { historySentence } from '../../sync/history.ts';
import { feelingLabels, personTypeLabels, profilePurposeLabels } from '../../sync/labels.ts';
import { EXPORT_DEFAULT_TIME_ZONE } from '../../sync/my-data.ts';
import { type SurveyRole, surveyNames, surveyStatements } from '../../sync/survey.ts';
import { escapeHtml } from '../mail/mailer.ts';
import type { PersonData } from './collect.ts';
import { markdownHtml } from './markdown-html.ts';

const esc = (s: unknown) => escapeHtml(String(s ?? ''));

/**
 * The same data as a page to read (large type, headings, lists; pictures and
 * sounds in place), in the interface's words, with times as the app shows
 * them in `timeZone` (the browser's of the person who asked).
 */
export function readablePage(
  data: PersonData,
  exportedAt: Date,
  timeZone: string = EXPORT_DEFAULT_TIME_ZONE,
): string {
  const timeFormat = dateFormat(DATE_FORMATS.dateTime, timeZone);
  const day = (d: Date | null | undefined) => (d ? timeFormat.format(d) : '');
  const zoneSaid =
    timeZone === 'UTC' ? 'Times are in UTC.' : `Times are in the ${timeZone} time zone.`;
  const feeling = (p: PersonData['preferences'][number]) => {
    if (!p.feeling) return '';
    const { emoji, label } = feelingLabels[p.feeling];
    return `${emoji} ${p.feeling === 'Other' ? p.feelingOther || label : label}`;
  };
  const actors = new Map(data.actors.map((a) => [a.id, a]));
  const sentence = (h: PersonData['history'][number]) =>
    historySentence(h.message, (h.createdBy && actors.get(h.createdBy)) || null, data.person.id);
  const name = data.person.fullName || data.person.knownAs || 'you';
  const cat = new Map(data.categories.map((c) => [c.id, c.title]));
  const list = (items: string[], empty: string) =>
    items.length
      ? `<ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul>`
      : `<p>${esc(empty)}</p>`;
  const mediaHtml = (m: PersonData['media'][number]) => {
    const label = esc(m.description || m.name);
    const src = esc(m.file);
    if (m.type === 'image')
      return `<figure><img src="${src}" alt="${label}"><figcaption>${label}</figcaption></figure>`;
    if (m.type === 'audio') return `<p>${label}<br><audio controls src="${src}"></audio></p>`;
    if (m.type === 'video') return `<p>${label}<br><video controls src="${src}"></video></p>`;
    return `<p><a href="${src}">${label}</a></p>`;
  };
  const preferences = data.preferences.map((p) => {
    const notes = data.notes.filter((n) => n.preferenceId === p.id);
    const files = data.media.filter((m) => m.preferenceId === p.id);
    return `<section><h3>${esc(p.title)}</h3>
<dl>
${p.feeling ? `<dt>Feeling</dt><dd>${esc(feeling(p))}</dd>` : ''}
<dt>Who can see it</dt><dd>${esc(p.access)}</dd>
${p.status === 'Draft' ? '<dt>State</dt><dd>Draft (not finished)</dd>' : ''}
<dt>Categories</dt><dd>${esc(p.categoryIds.map((id) => cat.get(id) ?? '').join(', ') || 'None')}</dd>
<dt>Added</dt><dd>${esc(day(p.createdAt))}</dd>
</dl>
${p.description ? `<div class="markdown">${markdownHtml(p.description, 3)}</div>` : ''}
${notes.length ? `<h4>Notes</h4>${notes.map((n) => `<h5>${esc(n.title)}</h5><div class="markdown">${markdownHtml(n.body, 5)}</div>`).join('')}` : ''}
${files.length ? `<h4>Pictures, sounds and files</h4>${files.map(mediaHtml).join('')}` : ''}
</section>`;
  });
  const otherMedia = data.media.filter((m) => !m.preferenceId);
  // Each answer beside the statement it answers: "Yes" alone says nothing.
  const checkIn = (r: PersonData['surveyResponses'][number]) => {
    const role = r.type as SurveyRole;
    const statements: readonly string[] = surveyStatements[role] ?? [];
    const answers = [r.answer1, r.answer2, r.answer3];
    return `<h3>${esc(day(r.createdAt))}${surveyNames[role] ? `: ${esc(surveyNames[role])}` : ''}</h3>
<dl>${answers.map((a, i) => `<dt>${esc(statements[i] ?? '')}</dt><dd>${esc(a)}</dd>`).join('')}</dl>`;
  };
  const who = (r: { name: string | null; knownAs: string | null }) =>
    esc(r.name || r.knownAs || 'Someone');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Everything Preference Bank keeps about ${esc(name)}</title>
<style>
body { font: 1.25rem/1.6 system-ui, sans-serif; max-width: 48rem; margin: 0 auto; padding: 1rem; color: #1a1a1a; background: #fff; }
h1 { font-size: 2rem; } h2 { font-size: 1.6rem; margin-top: 2.5rem; border-top: 2px solid #444; padding-top: 1rem; }
h3 { font-size: 1.35rem; margin-top: 2rem; } dt { font-weight: 700; } dd { margin: 0 0 0.5rem; }
.text { white-space: pre-wrap; } .markdown h4, .markdown h5, .markdown h6 { font-size: 1.15rem; } img, video { max-width: 100%; height: auto; } audio { width: 100%; }
table { border-collapse: collapse; width: 100%; } th, td { text-align: left; border-bottom: 1px solid #888; padding: 0.4rem; vertical-align: top; }
</style>
</head>
<body>
<h1>Everything Preference Bank keeps about ${esc(name)}</h1>
<p>Made on ${esc(day(exportedAt))}. ${esc(zoneSaid)} The same, for a computer, is in <a href="data.json">data.json</a>.</p>

<h2>About you</h2>
<dl>
<dt>Name</dt><dd>${esc(data.person.fullName || 'Not given')}</dd>
${data.person.knownAs ? `<dt>Known as</dt><dd>${esc(data.person.knownAs)}</dd>` : ''}
<dt>You use Preference Bank as</dt><dd>${esc(personTypeLabels[data.person.type])}</dd>
${data.account?.email ? `<dt>Sign-in e-mail</dt><dd>${esc(data.account.email)}</dd>` : ''}
${data.personalDetails?.phone ? `<dt>Phone</dt><dd>${esc(data.personalDetails.phone)}</dd>` : ''}
${data.personalDetails?.email ? `<dt>Contact e-mail</dt><dd>${esc(data.personalDetails.email)}</dd>` : ''}
${data.personalDetails?.bio ? `<dt>About me</dt><dd class="text">${esc(data.personalDetails.bio)}</dd>` : ''}
<dt>Since</dt><dd>${esc(day(data.person.createdAt))}</dd>
</dl>
${otherMedia.length ? otherMedia.map(mediaHtml).join('') : ''}

<h2>Your preferences (${data.preferences.length})</h2>
${preferences.join('\n') || '<p>No preferences yet.</p>'}

<h2>Your categories (${data.categories.length})</h2>
${list(
  data.categories.map(
    (c) => `${esc(c.title)}${c.parentId ? ` (in ${esc(cat.get(c.parentId) ?? '')})` : ''}`,
  ),
  'No categories yet.',
)}

<h2>Your Circle of Support</h2>
<h3>People who support you</h3>
${list(
  data.circle.supporters.map(
    (s) =>
      `${who(s)}: ${esc(s.accessLevel)} access since ${esc(day(s.createdAt))}${s.endsAt ? `, ending ${esc(day(s.endsAt))}` : ''}`,
  ),
  'Nobody yet.',
)}
<h3>People you support</h3>
${list(
  data.circle.supporting.map(
    (s) => `${who(s)}: ${esc(s.accessLevel)} access since ${esc(day(s.createdAt))}`,
  ),
  'Nobody.',
)}

<h2>One-page profiles (${data.profiles.pages.length})</h2>
${list(
  data.profiles.pages.map((p) => `${esc(p.title)} (${esc(profilePurposeLabels[p.purpose])})`),
  'None.',
)}

<h2>Check-in answers (${data.surveyResponses.length})</h2>
${data.surveyResponses.map(checkIn).join('\n') || '<p>None.</p>'}

<h2>History (${data.history.length})</h2>
${
  data.history.length
    ? `<table><thead><tr><th scope="col">When</th><th scope="col">What happened</th></tr></thead><tbody>${data.history
        .map((h) => `<tr><td>${esc(day(h.createdAt))}</td><td>${esc(sentence(h))}</td></tr>`)
        .join('')}</tbody></table>`
    : '<p>Nothing yet.</p>'
}
</body>
</html>
`;
}
