/**
 * The media of a preference as tiles (spec §2 Media under a preference): each
 * with the icon of its kind, a title (description, else name, else the
 * empty-description message) and its date; a picture shows its small tile
 * copy. Each opens the item's page.
 */
import { Link } from '@tanstack/react-router';
import type { MediaType } from '../../schema/enums.ts';
import { mediaSrc } from '../media/upload.ts';
import { mediaMessages } from '../messages/media.ts';
import { MediaIcon } from './media-icon.tsx';
import { formatDate, ItemNotFound } from './preference-common.tsx';

const t = mediaMessages;

export type MediaTile = {
  id: string;
  name: string;
  description: string | null;
  type: MediaType;
  createdAt: number;
};

/** Spec §2: the description, else the name, else the empty-description message. */
export function mediaTitle(m: { description: string | null; name: string }): string {
  return m.description?.trim() || m.name.trim() || t.emptyDescription;
}

/** Spec §3: the hero image, when one is named, first among the pictures; the rest keep their order. */
export function heroFirst<T extends { id: string }>(
  rows: readonly T[],
  heroId: string | null,
): T[] {
  const hero = heroId ? rows.find((r) => r.id === heroId) : undefined;
  return hero ? [hero, ...rows.filter((r) => r !== hero)] : [...rows];
}

/** The kinds in the order the list shows them. */
export const KINDS: readonly MediaType[] = ['image', 'audio', 'video', 'other'];

/** The media grouped by kind (KINDS order, empty kinds left out), the hero first among the pictures. */
export function byKind<T extends { id: string; type: MediaType }>(
  rows: readonly T[],
  heroId: string | null,
): { kind: MediaType; items: T[] }[] {
  return KINDS.map((kind) => ({
    kind,
    items: heroFirst(
      rows.filter((r) => r.type === kind),
      kind === 'image' ? heroId : null,
    ),
  })).filter((g) => g.items.length > 0);
}

export function MediaTiles({
  personId,
  preferenceId,
  media,
  heroId,
  replace = false,
  labelledBy,
}: {
  personId: string;
  preferenceId: string;
  media: readonly MediaTile[];
  heroId: string | null;
  /** Spec §2: from the list, a tile replaces the current history entry. */
  replace?: boolean;
  labelledBy?: string;
}) {
  return (
    <ul className="media-tiles" aria-labelledby={labelledBy}>
      {media.map((m) => (
        <li key={m.id}>
          <Link
            className="media-tile"
            to="/people/$personId/preferences/$preferenceId/media/$id"
            params={{ personId, preferenceId, id: m.id }}
            replace={replace}
            activeOptions={{ exact: true, includeSearch: false }}
          >
            <span className={`media-tile-picture media-tile-${m.type}`}>
              {m.type === 'image' ? (
                <img
                  src={mediaSrc(personId, m.id, 'thumb')}
                  alt=""
                  width={160}
                  height={160}
                  loading="lazy"
                  decoding="async"
                />
              ) : (
                <MediaIcon name={m.type} className="media-tile-big-icon" />
              )}
            </span>
            <span className="media-tile-text">
              <span className="media-tile-kind">
                <MediaIcon name={m.type} />
                {t.kind[m.type]}
                {m.id === heroId ? (
                  <>
                    {' '}
                    <span className="media-tile-main">{t.main}</span>
                  </>
                ) : null}
              </span>
              {/* Spaces between the parts: the link's name reads as words. */}{' '}
              <span className="media-tile-title">{mediaTitle(m)}</span>{' '}
              <span className="media-tile-date">{t.addedOn(formatDate(m.createdAt))}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * A media item that is not in this preference, or not there at all, or not
 * for this person: the general error (spec §2, §8), the same words either way.
 */
export const MediaNotFound = (props: { personId: string; preferenceId: string }) => (
  <ItemNotFound {...props} message={t.failed} back={t.backToPreference} />
);

/**
 * The two ways to add media to a preference: add files, or record a sound
 * (the first as the main button unless `quiet`).
 */
export function AddMediaLinks({
  personId,
  preferenceId,
  quiet = false,
}: {
  personId: string;
  preferenceId: string;
  quiet?: boolean;
}) {
  return (
    <>
      <Link
        className={quiet ? 'button secondary' : 'button'}
        to="/people/$personId/preferences/$preferenceId/media/create"
        params={{ personId, preferenceId }}
      >
        {t.add}
      </Link>
      <Link
        className="button secondary"
        to="/people/$personId/preferences/$preferenceId/audio/create"
        params={{ personId, preferenceId }}
      >
        {t.record}
      </Link>
    </>
  );
}
