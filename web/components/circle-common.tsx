import { Link } from '@tanstack/react-router';
import { personName } from '../library/grouping.ts';
import { messages } from '../messages.ts';
import { formatDate } from './preference-common.tsx';

/** Spec §9: the supported list is refreshed this long after a supported person is removed. */
export const SUPPORTED_LIST_REFRESH_MS = 100;

/** A date in the default date locale (en-NZ), e.g. "1 November 2026". */
export const circleDate = formatDate;

const endFormat = new Intl.DateTimeFormat('en-NZ', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** When a link ends, in this device's time zone: "Thursday, 3 December 2026 at 5:00 pm". */
export const endDate = (ms: number) => endFormat.format(ms);

/** Epoch milliseconds as a `datetime-local` input's value, in this device's time zone. */
export function toLocalInput(ms: number): string {
  const offset = new Date(ms).getTimezoneOffset() * 60_000;
  return new Date(ms - offset).toISOString().slice(0, 16);
}

/** A `datetime-local` value ("2026-12-03T17:00") as epoch milliseconds, or NaN. */
export const fromLocalInput = (value: string) => (value ? new Date(value).getTime() : Number.NaN);

/** "Sam Tane": the name they are known by, then their last name. */
export const displayName = personName;

/** The two tabs of one's own Circle of Support: my supporters, and the people I support. */
export function CircleTabs({ personId }: { personId: string }) {
  return (
    <nav aria-label={messages.circle.tabsLabel} className="actions" style={{ margin: '0.5rem 0' }}>
      <Link
        className="button secondary"
        to="/people/$personId/supporters"
        params={{ personId }}
        activeProps={{ style: { background: 'var(--lavender)', color: '#fff' } }}
      >
        {messages.circle.supportersTab}
      </Link>
      <Link
        className="button secondary"
        to="/people/$personId/supporting"
        params={{ personId }}
        search={{ all: 1 }}
        activeProps={{ style: { background: 'var(--lavender)', color: '#fff' } }}
      >
        {messages.circle.supportingTab}
      </Link>
    </nav>
  );
}
