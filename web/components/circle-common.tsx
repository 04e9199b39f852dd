import { Link } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import type { AccessLevel } from '../../schema/enums.ts';
import { dates } from '../../sync/dates.ts';
import { circleMessages } from '../messages/circle.ts';
import { formatDate } from './preference-common.tsx';
import { type QueryDetails, QueryState } from './query-state.tsx';

/** Spec §9: the supported list is refreshed this long after a supported person is removed. */
export const SUPPORTED_LIST_REFRESH_MS = 100;

/** A date in the default date locale (en-NZ), e.g. "1 November 2026". */
export const circleDate = formatDate;

const endFormat = dates.fullDayTime;

/** When a link ends, in this device's time zone: "Thursday, 3 December 2026 at 5:00 pm". */
export const endDate = (ms: number) => endFormat.format(ms);

/** Epoch milliseconds as a `datetime-local` input's value, in this device's time zone. */
export function toLocalInput(ms: number): string {
  const offset = new Date(ms).getTimezoneOffset() * 60_000;
  return new Date(ms - offset).toISOString().slice(0, 16);
}

/** A `datetime-local` value ("2026-12-03T17:00") as epoch milliseconds, or NaN. */
export const fromLocalInput = (value: string) => (value ? new Date(value).getTime() : Number.NaN);

/** The two tabs of one's own Circle of Support: my supporters, and the people I support. */
export function CircleTabs({ personId }: { personId: string }) {
  return (
    <nav aria-label={circleMessages.tabsLabel} className="actions circle-tabs">
      {/* The Link marks the tab of the page shown with aria-current="page"
          (styled in account.css); the list is that page whether or not
          `?all=1` is in its address, so the search does not decide. */}
      <Link
        className="button secondary"
        to="/people/$personId/supporters"
        params={{ personId }}
        activeOptions={{ exact: true, includeSearch: false }}
      >
        {circleMessages.supportersTab}
      </Link>
      <Link
        className="button secondary"
        to="/people/$personId/supporting"
        params={{ personId }}
        search={{ all: 1 }}
        activeOptions={{ exact: true, includeSearch: false }}
      >
        {circleMessages.supportingTab}
      </Link>
    </nav>
  );
}

/**
 * A person's photo in the Circle, its text their name; without a photo (or
 * when it cannot be loaded) their initial, hidden from screen readers, as
 * their name is written beside it. `large` on a person's own page.
 */
export function PersonPhoto({
  src,
  name,
  large = false,
  decorative = false,
}: {
  src: string | null;
  name: string;
  large?: boolean;
  /** The name is written beside it already (a sentence about them): the photo says nothing. */
  decorative?: boolean;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const className = `circle-photo${large ? ' circle-photo-large' : ''}`;
  const side = large ? 96 : 48;
  if (src && failed !== src) {
    return (
      <img
        className={className}
        src={src}
        alt={decorative ? '' : name}
        aria-hidden={decorative || undefined}
        width={side}
        height={side}
        onError={() => setFailed(src)}
      />
    );
  }
  return (
    <span className={`${className} circle-initial`} aria-hidden="true">
      {(name.trim()[0] ?? '?').toUpperCase()}
    </span>
  );
}

/**
 * Links of the Circle as a list: each the person's photo, name, the access
 * level, and when it ends (if it does), opening the link's own page (`to`).
 * The photo stands beside the link, not in it: the link's name stays the
 * person's name once.
 */
export function CircleLinks({
  personId,
  label,
  to,
  links,
}: {
  personId: string;
  label: string;
  to: '/people/$personId/supporters/$id' | '/people/$personId/supporting/$id';
  links: readonly {
    id: string;
    name: string;
    /** Where the person's photo loads from; null: they have none. */
    photo: string | null;
    accessLevel: AccessLevel;
    endsAt: number | null;
  }[];
}) {
  return (
    <ul className="pref-list card circle-list" aria-label={label}>
      {links.map((l) => (
        <li key={l.id}>
          <PersonPhoto src={l.photo} name={l.name} />
          <Link to={to} params={{ personId, id: l.id }}>
            <span className="circle-name">{l.name}</span>
            <span className="tag">{circleMessages.level[l.accessLevel]}</span>
            {l.endsAt !== null ? (
              <span className="tag">{circleMessages.endsTag(circleDate(l.endsAt))}</span>
            ) : null}
            <span className="circle-chevron" aria-hidden="true">
              ›
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * A screen about one link of the Circle while the link is not there:
 * QueryState, and once it is known to be missing, "not found" then `children`.
 */
export function CircleLinkState({
  details,
  loading,
  children,
}: {
  details: QueryDetails;
  loading: string;
  children?: ReactNode;
}) {
  return (
    <QueryState
      details={details}
      loading={loading}
      missing={
        <>
          <p role="alert" className="alert">
            {circleMessages.notFound}
          </p>
          {children}
        </>
      }
    />
  );
}

/** The list of the people one supports, all of them (even just one), as a secondary button. */
export function SupportedListLink({ personId, children }: { personId: string; children: string }) {
  return (
    <Link
      className="button secondary"
      to="/people/$personId/supporting"
      params={{ personId }}
      search={{ all: 1 }}
    >
      {children}
    </Link>
  );
}
