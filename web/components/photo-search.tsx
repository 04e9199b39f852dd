/**
 * The photo search (spec §1, §8; ADR 019): a dialog where a person looks for a
 * picture by what it shows, chooses one and uses it as a category's photo or
 * a preference's picture. The API searches (the bundled catalogue, or
 * Unsplash with a key) and, once a photo is chosen, copies it into the
 * person's own media store with who made it; the picture field then treats it
 * like an uploaded picture.
 *
 * The results are a group of radio buttons drawn as tiles: Tab reaches the
 * group, arrow keys move between photos, each named by its title; who made it
 * is written under each. "No results match your query." and "Sorry,
 * something went wrong." as spec §8 says.
 */
import { useId, useRef, useState } from 'react';
import { ApiError, call, client } from '../api-client.ts';
import { photoSearchMessages } from '../messages/photo-search.ts';
import { ErrorAlert, ModalDialog } from './modal-dialog.tsx';

const m = photoSearchMessages;

export type PhotoTarget = { purpose: 'photo' } | { purpose: 'preference'; preferenceId: string };

/** A photo chosen and copied into the person's store. */
export type ChosenPhoto = {
  mediaId: string;
  /** Its preview, shown in the form until it is saved. */
  previewUrl: string;
  title: string;
  attribution: string;
  sourceUrl?: string | undefined;
};

type Result = {
  id: string;
  title: string;
  previewUrl: string;
  attribution: string;
  licence: string;
  sourceUrl?: string | undefined;
};

type Found = {
  provider: 'catalogue' | 'unsplash';
  query: string;
  page: number;
  total: number;
  hasMore: boolean;
  results: Result[];
};

const messageOf = (e: unknown) => (e instanceof ApiError ? e.message : m.failed);

export function PhotoSearch({
  personId,
  open,
  target,
  onClose,
  onChosen,
  onBusy,
}: {
  personId: string;
  open: boolean;
  target: PhotoTarget;
  onClose: () => void;
  onChosen: (photo: ChosenPhoto) => void;
  /** Told while a chosen photo is being copied. */
  onBusy?: ((busy: boolean) => void) | undefined;
}) {
  const id = useId();
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<Found | undefined>();
  const [state, setState] = useState<'idle' | 'searching' | 'more' | 'using'>('idle');
  const [error, setError] = useState<string | undefined>();
  const [selected, setSelected] = useState<string | undefined>();
  const [added, setAdded] = useState<number | undefined>();
  /** Only the latest search's answer is shown. */
  const latest = useRef(0);

  async function fetchPage(q: string, page: number) {
    const answer = await call(
      client.people[':personId']['photo-search'].$get({
        param: { personId },
        query: { query: q, page: String(page) },
      }),
    );
    return answer as Found;
  }

  async function search(q: string) {
    const trimmed = q.trim();
    if (!trimmed) return;
    const mine = ++latest.current;
    setState('searching');
    setError(undefined);
    setFound(undefined);
    setSelected(undefined);
    setAdded(undefined);
    try {
      const answer = await fetchPage(trimmed, 1);
      if (mine === latest.current) setFound(answer);
    } catch (e) {
      if (mine === latest.current) setError(messageOf(e));
    } finally {
      if (mine === latest.current) setState('idle');
    }
  }

  async function more() {
    if (!found) return;
    const mine = ++latest.current;
    setState('more');
    setError(undefined);
    try {
      const next = await fetchPage(found.query, found.page + 1);
      if (mine !== latest.current) return;
      const known = new Set(found.results.map((r) => r.id));
      const fresh = next.results.filter((r) => !known.has(r.id));
      setFound({ ...next, results: [...found.results, ...fresh] });
      setAdded(fresh.length);
    } catch (e) {
      if (mine === latest.current) setError(messageOf(e));
    } finally {
      if (mine === latest.current) setState('idle');
    }
  }

  async function use() {
    const photo = found?.results.find((r) => r.id === selected);
    if (!found || !photo) {
      setError(m.chooseFirst);
      return;
    }
    setState('using');
    setError(undefined);
    onBusy?.(true);
    try {
      const media = await call(
        client.people[':personId'].media['from-search'].$post({
          param: { personId },
          json: { provider: found.provider, photoId: photo.id, ...target },
        }),
      );
      onChosen({
        mediaId: media.id,
        previewUrl: photo.previewUrl,
        title: photo.title,
        attribution: media.attribution ?? photo.attribution,
        sourceUrl: photo.sourceUrl,
      });
      setState('idle');
      onClose();
    } catch (e) {
      setError(messageOf(e));
      setState('idle');
    } finally {
      onBusy?.(false);
    }
  }

  const busy = state !== 'idle';
  const status =
    state === 'searching'
      ? m.searching
      : state === 'more'
        ? m.loadingMore
        : state === 'using'
          ? m.using
          : found
            ? found.results.length === 0
              ? m.noResults
              : added !== undefined
                ? m.moreFound(added)
                : m.found(found.total)
            : '';
  const inputId = `${id}-query`;
  return (
    <ModalDialog
      open={open}
      title={m.title}
      body={m.intro}
      className="photo-search-dialog"
      portal
      onCancel={() => {
        // A photo being copied finishes first (it is the person's as soon as it is).
        if (state !== 'using') onClose();
      }}
    >
      <form
        className="photo-search-form"
        onSubmit={(e) => {
          e.preventDefault();
          // The dialog is portalled out of the picture field's form, but React
          // still bubbles the submit to it.
          e.stopPropagation();
          void search(query);
        }}
      >
        <label htmlFor={inputId}>{m.query}</label>
        <div className="photo-search-row">
          <input
            id={inputId}
            type="search"
            data-autofocus
            value={query}
            maxLength={100}
            autoComplete="off"
            enterKeyHint="search"
            onChange={(e) => setQuery(e.target.value)}
          />
          <button type="submit" disabled={state === 'searching' || state === 'using'}>
            {m.search}
          </button>
        </div>
      </form>
      <p className="status photo-search-status" role="status">
        {status}
      </p>
      <ErrorAlert message={error} />
      {found && found.results.length > 0 ? (
        <fieldset className="photo-search-results" aria-busy={busy}>
          <legend className="visually-hidden">{m.results}</legend>
          <ul>
            {found.results.map((r) => {
              const resultId = `${id}-r-${r.id}`;
              return (
                <li key={r.id}>
                  <label className="photo-search-tile" htmlFor={resultId}>
                    <input
                      id={resultId}
                      type="radio"
                      name={`${id}-photo`}
                      value={r.id}
                      checked={selected === r.id}
                      disabled={state === 'using'}
                      aria-describedby={`${resultId}-credit`}
                      onChange={() => setSelected(r.id)}
                    />
                    <img src={r.previewUrl} alt="" loading="lazy" decoding="async" />
                    <span className="photo-search-title">{r.title}</span>
                  </label>
                  <p id={`${resultId}-credit`} className="photo-search-attribution">
                    {r.attribution}
                  </p>
                </li>
              );
            })}
          </ul>
        </fieldset>
      ) : null}
      {found?.hasMore ? (
        <button
          type="button"
          className="secondary photo-search-more"
          disabled={busy}
          onClick={more}
        >
          {m.more}
        </button>
      ) : null}
      <div className="actions photo-search-actions">
        <button type="button" disabled={!selected || busy} onClick={() => void use()}>
          {state === 'using' ? m.using : m.use}
        </button>
        <button
          type="button"
          className="secondary"
          disabled={state === 'using'}
          onClick={() => onClose()}
        >
          {m.cancel}
        </button>
      </div>
    </ModalDialog>
  );
}
