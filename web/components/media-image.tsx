import { mediaSrc } from '../media/upload.ts';

/**
 * A category's photo tile (spec §3 Photo tile): the picture, or the
 * placeholder background when there is none. Decorative: the category's name
 * is always beside it.
 */
export function CategoryPhoto({ personId, photoId }: { personId: string; photoId: string | null }) {
  return (
    <span className="category-photo" aria-hidden="true">
      {photoId ? (
        <img src={mediaSrc(personId, photoId, 'thumb')} alt="" loading="lazy" decoding="async" />
      ) : null}
    </span>
  );
}

/** A preference's pinned picture, described by its media description or by the preference. */
export function HeroImage({
  personId,
  mediaId,
  alt,
}: {
  personId: string;
  mediaId: string;
  alt: string;
}) {
  return (
    <figure className="hero-image">
      <img src={mediaSrc(personId, mediaId, 'display')} alt={alt} decoding="async" />
    </figure>
  );
}
