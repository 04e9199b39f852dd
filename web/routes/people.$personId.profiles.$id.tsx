import { useQuery } from '@rocicorp/zero/react';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { type Feeling, PROFILE_SECTIONS, type ProfileSection } from '../../schema/enums.ts';
import { mutators } from '../../sync/mutators.ts';
import { layOut, PROFILE_TITLE_MAX } from '../../sync/profile.ts';
import { queries } from '../../sync/queries.ts';
import { ApiError, call, client } from '../api-client.ts';
import { DestructiveConfirm } from '../components/destructive-confirm.tsx';
import { LinkField } from '../components/link-field.tsx';
import { ErrorAlert } from '../components/modal-dialog.tsx';
import { formatDate } from '../components/preference-common.tsx';
import { ProfileSheet } from '../components/profile-sheet.tsx';
import { QueryState } from '../components/query-state.tsx';
import { useEasyRead } from '../hooks/use-easy-read.ts';
import { useIsAdministrator } from '../hooks/use-is-administrator.ts';
import { usePreferenceRows } from '../hooks/use-library-queries.ts';
import { usePageTitle } from '../hooks/use-page-title.ts';
import { copyLink, useQrCode } from '../hooks/use-qr-code.ts';
import { mediaSrc } from '../media/upload.ts';
import { profilePageMessages } from '../messages/profile.ts';
import { messages } from '../messages.ts';
import { pageHead } from '../navigation/page-title.ts';
import { refusalOf, useWrite } from '../offline/use-write.ts';

const t = profilePageMessages;

/**
 * One one-page profile: its title, the preferences on it and
 * where each goes, whether ticked restricted ones show; the page as it looks
 * now (live from the library), to print; its share links.
 */
export const Route = createFileRoute('/people/$personId/profiles/$id')({
  head: pageHead(messages.titles.profile),
  component: ProfileBuilder,
});

/** Where a preference goes unless the person says otherwise, by its feeling. */
function partFor(feeling: string | null): ProfileSection {
  if (!feeling) return 'Support';
  if (['love', 'like', 'happy', 'relaxed', 'excited', 'playful'].includes(feeling)) return 'Love';
  if (['dislike', 'hate', 'angry', 'sad', 'worried'].includes(feeling)) return 'Dislike';
  return 'Support';
}

function ProfileBuilder() {
  const { personId, id } = Route.useParams();
  const manager = useIsAdministrator(personId);
  const easy = useEasyRead(personId).on;
  const [page, details] = useQuery(queries.profile.byId({ personId, id }), { enabled: manager });
  const [person] = useQuery(queries.person.byId({ personId }));
  const { rows } = usePreferenceRows(personId);
  const write = useWrite();
  const navigate = useNavigate();
  const ids = useId();
  const [title, setTitle] = useState<string | undefined>();
  const [includeRestricted, setIncludeRestricted] = useState(false);
  const [picked, setPicked] = useState<Map<string, ProfileSection>>(new Map());
  const [status, setStatus] = useState<'idle' | 'saving' | 'saved'>('idle');
  const [error, setError] = useState<string | undefined>();
  usePageTitle(page?.title, messages.titles.profiles);

  useEffect(() => {
    if (!page || title !== undefined) return;
    setTitle(page.title);
    setIncludeRestricted(page.includeRestricted);
    setPicked(new Map(page.items.map((i) => [i.preferenceId, i.section])));
  }, [page, title]);

  if (!manager) {
    return (
      <p role="alert" className="alert">
        {t.notManager}
      </p>
    );
  }
  if (!page || !person) {
    return (
      <QueryState
        details={details}
        loading={t.loading}
        missing={
          <p role="alert" className="alert">
            {t.notFound}
          </p>
        }
      />
    );
  }

  const view = layOut(page, person);
  const restrictedTicked = page.items.filter((i) => i.preference?.access === 'Restricted').length;

  async function save(e: FormEvent) {
    e.preventDefault();
    setError(undefined);
    setStatus('saving');
    // In the library's order, as ticked.
    const items = rows
      .filter((r) => picked.has(r.id))
      .map((r) => ({ preferenceId: r.id, section: picked.get(r.id) as ProfileSection }));
    const refused = refusalOf(
      await write(
        mutators.profile.update({ id, title: (title ?? '').trim(), includeRestricted, items }),
      ),
    );
    if (refused) {
      setStatus('idle');
      return setError(refused);
    }
    setStatus('saved');
  }

  function toggle(prefId: string, feeling: string | null, on: boolean) {
    setStatus('idle');
    setPicked((was) => {
      const next = new Map(was);
      if (on) next.set(prefId, partFor(feeling));
      else next.delete(prefId);
      return next;
    });
  }

  const pictureOf = (mediaId: string) => mediaSrc(personId, mediaId, 'display');

  return (
    <>
      <h1>{page.title}</h1>
      <form className="card" onSubmit={save} noValidate>
        <ErrorAlert message={error} />
        <div className="field">
          <label htmlFor={`${ids}-title`}>{t.editTitle}</label>
          <input
            id={`${ids}-title`}
            type="text"
            value={title ?? ''}
            maxLength={PROFILE_TITLE_MAX}
            onChange={(e) => {
              setTitle(e.target.value);
              setStatus('idle');
            }}
          />
        </div>
        <fieldset style={{ border: 'none', padding: 0, margin: '1rem 0' }}>
          <legend style={{ fontWeight: 600 }}>{t.choose}</legend>
          <p>{t.chooseHelp}</p>
          <ul className="profile-pick">
            {rows.map((r) => {
              const on = picked.has(r.id);
              return (
                <li key={r.id}>
                  <span className="field checkbox" style={{ margin: 0 }}>
                    <input
                      id={`${ids}-p-${r.id}`}
                      type="checkbox"
                      checked={on}
                      onChange={(e) => toggle(r.id, r.feeling as Feeling | null, e.target.checked)}
                    />
                    <label htmlFor={`${ids}-p-${r.id}`}>
                      {r.title}
                      {r.access === 'Restricted' ? (
                        <span className="tag">{t.restrictedTag}</span>
                      ) : null}
                    </label>
                  </span>
                  {on ? (
                    <select
                      aria-label={t.partOf(r.title)}
                      value={picked.get(r.id)}
                      onChange={(e) => {
                        const section = e.target.value as ProfileSection;
                        setStatus('idle');
                        setPicked((was) => new Map(was).set(r.id, section));
                      }}
                    >
                      {PROFILE_SECTIONS.map((s) => (
                        <option key={s} value={s}>
                          {t.sections[s]}
                        </option>
                      ))}
                    </select>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </fieldset>
        <div className="field checkbox" style={{ alignItems: 'flex-start' }}>
          <input
            id={`${ids}-restricted`}
            type="checkbox"
            checked={includeRestricted}
            aria-describedby={`${ids}-restricted-help`}
            onChange={(e) => {
              setIncludeRestricted(e.target.checked);
              setStatus('idle');
            }}
          />
          <div>
            <label htmlFor={`${ids}-restricted`}>{t.includeRestricted}</label>
            <p id={`${ids}-restricted-help`} className="alert" style={{ margin: 0 }}>
              {t.includeRestrictedHelp}
            </p>
          </div>
        </div>
        <div className="actions">
          <button type="submit" disabled={status === 'saving'}>
            {status === 'saving' ? t.saving : t.save}
          </button>
        </div>
        <p role="status" className="status">
          {status === 'saved' ? t.saved : ''}
        </p>
      </form>

      <section aria-labelledby={`${ids}-preview`}>
        <h2 id={`${ids}-preview`}>{t.preview}</h2>
        {!page.includeRestricted && restrictedTicked > 0 ? (
          <p className="status">{t.restrictedLeftOut(restrictedTicked)}</p>
        ) : null}
        <div className="actions">
          <button type="button" className="secondary" onClick={() => window.print()}>
            {t.print}
          </button>
          <a
            className="button secondary"
            href={`/api/people/${personId}/profiles/${id}/pdf`}
            download
          >
            {t.downloadPdf}
          </a>
          <a
            className="button secondary"
            href={`/api/people/${personId}/profiles/${id}/pdf/easy-read`}
            download
          >
            {t.easyReadPdf}
          </a>
          <a
            className="button secondary"
            href={`/api/people/${personId}/profiles/${id}/pdf/large-print`}
            download
          >
            {t.largePrintPdf}
          </a>
        </div>
        <ProfileSheet view={view} pictureOf={pictureOf} headingLevel={2} easy={easy} />
      </section>

      <ShareLinks personId={personId} pageId={id} shares={page.shares} />

      <div className="actions">
        <DestructiveConfirm
          label={t.deletePage}
          title={t.deleteTitle}
          body={t.deleteBody}
          confirmLabel={t.delete}
          runningLabel={t.deleting}
          action={async () => {
            const refused = refusalOf(await write(mutators.profile.delete({ id })));
            if (refused) throw new Error(refused);
          }}
          afterDestroy={() =>
            void navigate({ to: '/people/$personId/profiles', params: { personId }, replace: true })
          }
        />
        <Link className="button secondary" to="/people/$personId/profiles" params={{ personId }}>
          {t.listTitle}
        </Link>
      </div>
    </>
  );
}

type Share = { id: string; createdAt: number; expiresAt: number; revokedAt: number | null };

/** Making a link (shown once, with its QR code), and the page's links, live. */
function ShareLinks({
  personId,
  pageId,
  shares,
}: {
  personId: string;
  pageId: string;
  shares: readonly Share[];
}) {
  const ids = useId();
  const write = useWrite();
  const [days, setDays] = useState(30);
  const [made, setMade] = useState<{ id: string; url: string; expiresAt: string } | undefined>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [toast, setToast] = useState('');
  const [ended, setEnded] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const linksHeading = useRef<HTMLHeadingElement>(null);

  /**
   * Its button is gone with the link's sharing, and focus with it: focus goes
   * to the list's heading (after the dialog has handed focus back), and the
   * change is said.
   */
  function stopped(madeOn: string) {
    setEnded(t.stoppedSharing(madeOn));
    setTimeout(() => linksHeading.current?.focus(), 0);
  }

  const now = Date.now();
  // The link just made, while it still works: once its sharing is stopped (here,
  // or on another device) or it has expired, nothing of it is left to copy or scan.
  const madeShare = made && shares.find((s) => s.id === made.id);
  const live =
    made && !(madeShare && (madeShare.revokedAt !== null || madeShare.expiresAt <= now))
      ? made
      : undefined;
  const qr = useQrCode(live?.url);

  async function create() {
    setBusy(true);
    setError(undefined);
    try {
      const res = await call(
        client.people[':personId'].profiles[':id'].shares.$post({
          param: { personId, id: pageId },
          json: { expiresInDays: days },
        }),
      );
      setMade(res);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : messages.errors.generic);
    } finally {
      setBusy(false);
    }
  }

  async function copy() {
    if (live) setToast((await copyLink(live.url, input.current)) ? t.copied : t.copyFailed);
  }

  return (
    <section className="card" aria-labelledby={`${ids}-share`}>
      <h2 id={`${ids}-share`}>{t.shareTitle}</h2>
      <p>{t.shareHelp}</p>
      <ErrorAlert message={error} />
      <div className="field">
        <label htmlFor={`${ids}-days`}>{t.days}</label>
        <select id={`${ids}-days`} value={days} onChange={(e) => setDays(Number(e.target.value))}>
          {[1, 7, 30, 90].map((d) => (
            <option key={d} value={d}>
              {t.dayOptions[d]}
            </option>
          ))}
        </select>
      </div>
      <div className="actions">
        <button type="button" onClick={() => void create()} disabled={busy}>
          {busy ? t.creatingLink : t.createLink}
        </button>
      </div>
      {live ? (
        <>
          <LinkField
            id={`${ids}-link`}
            url={live.url}
            label={t.linkLabel}
            once={t.linkOnce}
            inputRef={input}
          />
          <div className="actions">
            <button type="button" className="secondary" onClick={() => void copy()}>
              {t.copy}
            </button>
          </div>
          <p role="status" className="status">
            {toast}
          </p>
          {qr && qr !== 'failed' ? <img className="profile-qr" src={qr} alt={t.qrAlt} /> : null}
        </>
      ) : null}
      <h3 ref={linksHeading} tabIndex={-1}>
        {t.links}
      </h3>
      <p role="status" className="status">
        {ended}
      </p>
      {shares.length === 0 ? (
        <p>{t.noLinks}</p>
      ) : (
        <ul className="home-list" aria-label={t.links}>
          {shares.map((s) => {
            const madeOn = formatDate(s.createdAt);
            const state =
              s.revokedAt !== null
                ? t.linkRevoked(madeOn)
                : s.expiresAt <= now
                  ? t.linkExpired(madeOn)
                  : t.linkActive(madeOn, formatDate(s.expiresAt));
            return (
              <li key={s.id}>
                {state}{' '}
                {s.revokedAt === null && s.expiresAt > now ? (
                  <DestructiveConfirm
                    label={t.stopSharing}
                    triggerLabel={t.stopSharingNamed(madeOn)}
                    title={t.stopSharingTitle}
                    body={t.stopSharingBody}
                    confirmLabel={t.stopSharing}
                    runningLabel={t.stoppingSharing}
                    action={async () => {
                      const refused = refusalOf(
                        await write(mutators.profile.revokeShare({ shareId: s.id })),
                      );
                      if (refused) throw new Error(refused);
                    }}
                    afterDestroy={() => stopped(madeOn)}
                  />
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
