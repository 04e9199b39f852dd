import { Link } from '@tanstack/react-router';
import { DATE_LOCALE, messages } from '../messages.ts';

const dateFormat = new Intl.DateTimeFormat(DATE_LOCALE, { dateStyle: 'long' });

/** A date of the library (epoch ms), as "5 March 2026" in en-NZ. */
export const formatDate = (ms: number) => dateFormat.format(ms);

/** Unknown id or no access: the same words either way (never reveal that it exists). */
export function PreferenceNotFound({ personId }: { personId: string }) {
  return (
    <div className="card">
      <p role="alert">{messages.preference.notFound}</p>
      <p>{messages.preference.notFoundHelp}</p>
      <Link className="button secondary" to="/people/$personId/preferences" params={{ personId }}>
        {messages.preference.backToLibrary}
      </Link>
    </div>
  );
}

/** Unknown note or no access: the same words either way. */
export function NoteNotFound({
  personId,
  preferenceId,
}: {
  personId: string;
  preferenceId: string;
}) {
  return (
    <div className="card">
      <p role="alert">{messages.note.notFound}</p>
      <Link
        className="button secondary"
        to="/people/$personId/preferences/$id"
        params={{ personId, id: preferenceId }}
      >
        {messages.note.backToPreference}
      </Link>
    </div>
  );
}
