import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { dates } from '../../sync/dates.ts';
import { noteMessages } from '../messages/note.ts';
import { preferenceMessages } from '../messages/preference.ts';

const dateFormat = dates.day;

/** A date of the library (epoch ms), as "5 March 2026" in en-NZ. */
export const formatDate = (ms: number) => dateFormat.format(ms);

const dateTimeFormat = dates.dateTime;

/**
 * Spec §2's date and time (epoch ms or a Date): a short weekday, 2-digit hour
 * and minute, on a 12-hour clock.
 */
export const formatDateTime = (when: number | Date) => dateTimeFormat.format(when);

/** Unknown id or no access: the same words either way (never reveal that it exists). */
export function PreferenceNotFound({ personId }: { personId: string }) {
  return (
    <div className="card">
      <p role="alert">{preferenceMessages.notFound}</p>
      <p>{preferenceMessages.notFoundHelp}</p>
      <Link className="button secondary" to="/people/$personId/preferences" params={{ personId }}>
        {preferenceMessages.backToLibrary}
      </Link>
    </div>
  );
}

/**
 * An item of a preference (a note, a media item) that is not there, not in
 * this preference, or not for this reader: the same words either way
 * (`message`), and the way back to the preference (`back`).
 */
export function ItemNotFound({
  personId,
  preferenceId,
  message,
  back,
}: {
  personId: string;
  preferenceId: string;
  message: string;
  back: string;
}) {
  return (
    <div className="card">
      <p role="alert">{message}</p>
      <BackToPreference personId={personId} preferenceId={preferenceId} label={back} />
    </div>
  );
}

/** Unknown note or no access: the same words either way. */
export const NoteNotFound = (props: { personId: string; preferenceId: string }) => (
  <ItemNotFound {...props} message={noteMessages.notFound} back={noteMessages.backToPreference} />
);

/** The way back to the preference a page is under (its notes, its media), as a secondary button. */
export function BackToPreference({
  personId,
  preferenceId,
  label,
}: {
  personId: string;
  preferenceId: string;
  label: string;
}) {
  return (
    <Link
      className="button secondary"
      to="/people/$personId/preferences/$preferenceId"
      params={{ personId, preferenceId }}
    >
      {label}
    </Link>
  );
}

/** The preference a page is under, named above its heading, as a link to it. */
export function PreferenceCrumb({
  personId,
  preferenceId,
  className,
  children,
}: {
  personId: string;
  preferenceId: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <p className={className}>
      <Link to="/people/$personId/preferences/$preferenceId" params={{ personId, preferenceId }}>
        {children}
      </Link>
    </p>
  );
}
