/**
 * The handover of a supporter's visit (sync/handover.ts): what changed since
 * their last visit, and the notes left for the next one. Every change goes
 * through the outbox (web/offline/use-write.ts), so a note left offline waits
 * there like any other change and shows at once.
 */
import { useQuery } from '@rocicorp/zero/react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import type { HandoverKind } from '../../schema/enums.ts';
import { dates } from '../../sync/dates.ts';
import {
  HANDOVER_DAYS_MAX,
  HANDOVER_DAYS_MIN,
  HANDOVER_NOTE_MAX,
  handoverDaysArgs,
  noteBody,
} from '../../sync/handover.ts';
import { mutators } from '../../sync/mutators.ts';
import { queries } from '../../sync/queries.ts';
import { personName } from '../library/grouping.ts';
import { handoverMessages } from '../messages/handover.ts';
import { refusalOf, savedText, useWrite } from '../offline/use-write.ts';
import { DestructiveConfirm } from './destructive-confirm.tsx';

const t = handoverMessages;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const shortDate = dates.dayMonth;
/** "Sat, 28 Nov, 9:30 am": when something happened, this week or lately. */
export const dayTime = dates.weekdayTime;
const untilDate = dates.weekdayShort;
/** "29 November": the day a note was left, in the names of its buttons. */
const noteDay = dates.dayLongMonth;

/** How long ago, in words, for today and yesterday; a short date before that. */
export function ago(at: number, now: number): string {
  const since = now - at;
  if (since < MINUTE) return t.justNow;
  if (since < HOUR) return t.minutesAgo(Math.floor(since / MINUTE));
  if (since < 24 * HOUR) return t.hoursAgo(Math.floor(since / HOUR));
  const yesterday = new Date(now);
  yesterday.setDate(yesterday.getDate() - 1);
  if (new Date(at).toDateString() === yesterday.toDateString()) return t.yesterday;
  return shortDate.format(at);
}

type Item = {
  id: string;
  personId: string;
  kind: HandoverKind;
  message: string;
  createdAt: number;
  seenAt: number | null;
};

/** The words of one item: the message, and for a level change what it is about first. */
function itemText(item: Item): string {
  return item.kind === 'Access' ? `${t.accessChanged}: ${item.message}` : item.message;
}

/**
 * "Since your last visit": what changed for one person (`personId`), or for
 * everyone the supporter supports, grouped by person in the order of `people`.
 * Unseen first; opening one shows its details and marks it seen. Live.
 */
export function SinceLastVisit({
  personId,
  name,
  people = [],
}: {
  personId?: string | undefined;
  /** The person's name, for the heading when there is one person. */
  name?: string | undefined;
  /** Without `personId`: the people supported, to name each group. */
  people?: readonly { id: string; name: string }[];
}) {
  const headingId = useId();
  const [items, details] = useQuery(
    queries.handover.changes(personId === undefined ? {} : { personId }),
  );
  // Opened on this screen: it stays where it was while it turns seen.
  const [opened, setOpened] = useState<ReadonlySet<string>>(new Set());
  const firstGroup = (i: Item) => i.seenAt === null || opened.has(i.id);
  const sorted = [...items].sort((a, b) => Number(firstGroup(b)) - Number(firstGroup(a)));
  const open = (id: string) => setOpened((s) => new Set(s).add(id));
  const loading = items.length === 0 && details.type !== 'complete';

  let body: ReactNode;
  if (loading) {
    body = (
      <p role="status" className="status">
        {t.sinceLoading}
      </p>
    );
  } else if (items.length === 0) {
    body = <p>{t.sinceEmpty}</p>;
  } else if (personId !== undefined) {
    body = <ItemList items={sorted} onOpen={open} label={t.sinceTitle} />;
  } else {
    const named = new Map(people.map((p) => [p.id, p.name]));
    const groups = [...new Set(sorted.map((i) => i.personId))].sort(
      (a, b) =>
        (people.findIndex((p) => p.id === a) + 1 || Infinity) -
        (people.findIndex((p) => p.id === b) + 1 || Infinity),
    );
    body = groups.map((id) => {
      const theirs = sorted.filter((i) => i.personId === id);
      const who = named.get(id) || t.someoneSupported;
      const fresh = theirs.filter((i) => i.seenAt === null).length;
      return (
        <section key={id} className="handover-group" aria-labelledby={`${headingId}-${id}`}>
          <h3 id={`${headingId}-${id}`}>
            {who} <span className="tag handover-count">{t.newCount(fresh)}</span>
          </h3>
          <ItemList items={theirs} onOpen={open} label={who} />
        </section>
      );
    });
  }

  const fresh = items.filter((i) => i.seenAt === null).length;
  return (
    <section className="card home-card handover" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {name ? t.sinceTitleOf(name) : t.sinceTitle}
        {personId !== undefined && fresh > 0 ? (
          <span className="tag handover-count">{t.newCount(fresh)}</span>
        ) : null}
      </h2>
      {body}
    </section>
  );
}

function ItemList({
  items,
  onOpen,
  label,
}: {
  items: readonly Item[];
  onOpen: (id: string) => void;
  label: string;
}) {
  return (
    <ul className="handover-items" aria-label={label}>
      {items.map((i) => (
        <HandoverItem key={i.id} item={i} onOpen={onOpen} />
      ))}
    </ul>
  );
}

/** One change: a disclosure whose opening shows the details and marks it seen. */
function HandoverItem({ item, onOpen }: { item: Item; onOpen: (id: string) => void }) {
  const write = useWrite();
  const detailsId = useId();
  const [expanded, setExpanded] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const fresh = item.seenAt === null;

  async function toggle() {
    const next = !expanded;
    setExpanded(next);
    if (!next || !fresh) return;
    onOpen(item.id);
    setError(refusalOf(await write(mutators.handover.seen({ id: item.id }))));
  }

  return (
    <li className="handover-item">
      <button
        type="button"
        className="handover-toggle"
        aria-expanded={expanded}
        aria-controls={detailsId}
        onClick={() => void toggle()}
      >
        {fresh ? <span className="handover-new">{t.newTag}</span> : null}
        <span className="handover-text">{itemText(item)}</span>
        <time className="handover-when" dateTime={new Date(item.createdAt).toISOString()}>
          {ago(item.createdAt, Date.now())}
        </time>
      </button>
      <div id={detailsId} className="handover-details" hidden={!expanded}>
        <dl>
          <dt>{t.kindLabel}</dt>
          <dd>{item.kind === 'Access' ? t.accessChanged : t.kinds[item.kind]}</dd>
          <dt>{t.whenLabel}</dt>
          <dd>{dayTime.format(item.createdAt)}</dd>
          <dt>{t.detailLabel}</dt>
          <dd>{item.message}</dd>
        </dl>
        {error ? (
          <p role="alert" className="field-error">
            {error}
          </p>
        ) : null}
      </div>
    </li>
  );
}

/** Whether the signed-in supporter is in a support session with `personId` now, live. */
export function useInSession(personId: string, own: boolean): boolean {
  const [link] = useQuery(queries.circle.myLink({ personId }), { enabled: !own });
  return !own && link?.sessions[0] !== undefined;
}

/**
 * "Notes for the next visit" on `personId`: the notes the reader may read,
 * newest first (expired ones go, here too); a form to leave one when
 * `canLeave`; changing and deleting them when `canManage` (the person, or
 * their Administrator in a session), and how long they last unless
 * `hideWhenEmpty` (a short form: nothing shows until there is a note).
 */
export function HandoverNotes({
  personId,
  canLeave,
  canManage,
  hideWhenEmpty = false,
  noteExtra,
}: {
  personId: string;
  canLeave: boolean;
  canManage: boolean;
  hideWhenEmpty?: boolean;
  /**
   * More for each note, given its writer's name (easy read: their initial
   * and a read-aloud control); passed in, so that the usual screens do not
   * load what only easy read uses.
   */
  noteExtra?: NoteExtra | undefined;
}) {
  const headingId = useId();
  const [rows, details] = useQuery(queries.handover.notes({ personId }));
  const now = Date.now();
  const notes = rows.filter((n) => n.expiresAt > now);
  if (hideWhenEmpty && notes.length === 0 && !canLeave) return null;
  const loading = notes.length === 0 && details.type !== 'complete';
  return (
    <section className="card home-card handover" aria-labelledby={headingId}>
      <h2 id={headingId}>{t.notesTitle}</h2>
      {loading ? null : notes.length === 0 ? (
        <p>{t.notesEmpty}</p>
      ) : (
        <ul className="handover-notes" aria-label={t.notesLabel}>
          {notes.map((n) => (
            <NoteLine key={n.id} note={n} canManage={canManage} extra={noteExtra} />
          ))}
        </ul>
      )}
      {canLeave ? <LeaveNote personId={personId} /> : null}
      {canManage && !hideWhenEmpty ? <NoteDays personId={personId} /> : null}
    </section>
  );
}

/**
 * Sending a note's words: checked with the change's own rule first (the
 * field gets focus and the reason), then written through the outbox. Resolves
 * to whether it went; `error` and `status` say why not, or how it was kept.
 */
function useNoteSend(fieldId: string) {
  const write = useWrite();
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState('');

  async function send(
    body: string,
    change: (body: string) => Parameters<typeof write>[0],
    words: { sending?: string; done: string },
  ): Promise<boolean> {
    if (saving) return false;
    const parsed = noteBody.safeParse(body);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      document.getElementById(fieldId)?.focus();
      return false;
    }
    setError(undefined);
    setStatus(words.sending ?? '');
    setSaving(true);
    const outcome = await write(change(parsed.data));
    setSaving(false);
    const refused = refusalOf(outcome);
    if (refused) {
      setStatus('');
      setError(refused);
      return false;
    }
    setStatus(savedText(outcome, words.done));
    return true;
  }

  return { send, error, setError, saving, status, setStatus };
}

/** A note's words: a labelled box with its count and, when refused, the reason in words. */
function NoteField({
  id,
  label,
  hint,
  value,
  error,
  onChange,
}: {
  id: string;
  label: string;
  hint?: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const described = [hint ? `${id}-hint` : '', `${id}-count`, error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={`${id}-hint`} className="field-help">
          {hint}
        </p>
      ) : null}
      <textarea
        id={id}
        value={value}
        rows={4}
        maxLength={HANDOVER_NOTE_MAX}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        onChange={(e) => onChange(e.target.value.trimStart())}
      />
      <p id={`${id}-count`} className="field-help">
        {t.count(value.length)}
      </p>
      {error ? (
        <p id={`${id}-error`} role="alert" className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type Note = {
  id: string;
  body: string;
  createdAt: number;
  expiresAt: number;
  authorName: string | null;
  author?:
    | { knownAs: string | null; firstName: string | null; lastName: string | null }
    | undefined;
};

export type NoteExtra = (
  note: { body: string },
  author: string,
) => { before: ReactNode; after: ReactNode };

function NoteLine({
  note,
  canManage,
  extra,
}: {
  note: Note;
  canManage: boolean;
  extra?: NoteExtra | undefined;
}) {
  const write = useWrite();
  const fieldId = useId();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(note.body);
  const { send, error, setError, saving, status, setStatus } = useNoteSend(fieldId);
  const author = personName(note.author) || note.authorName || t.someone;
  const day = noteDay.format(note.createdAt);
  const more = extra?.(note, author);

  async function save(e: FormEvent) {
    e.preventDefault();
    const sent = await send(draft, (body) => mutators.handover.edit({ id: note.id, body }), {
      done: t.saved,
    });
    if (sent) setEditing(false);
  }

  async function remove() {
    const refused = refusalOf(await write(mutators.handover.remove({ id: note.id })));
    if (refused) throw new Error(refused);
  }

  return (
    <li className="handover-note">
      {editing ? (
        <form onSubmit={save} noValidate>
          <NoteField
            id={fieldId}
            label={t.editField}
            value={draft}
            error={error}
            onChange={setDraft}
          />
          <div className="actions">
            <button type="submit" disabled={saving}>
              {saving ? t.saving : t.save}
            </button>
            <button
              type="button"
              className="secondary"
              onClick={() => {
                setEditing(false);
                setError(undefined);
              }}
            >
              {t.cancel}
            </button>
          </div>
        </form>
      ) : (
        <>
          {more?.before}
          <p className="handover-body">{note.body}</p>
          <p className="handover-meta">
            {t.byOn(author, dayTime.format(note.createdAt))} ·{' '}
            {t.until(untilDate.format(note.expiresAt))}
          </p>
          {more?.after}
          {canManage ? (
            <div className="actions">
              <button
                type="button"
                className="secondary"
                aria-label={t.editLabel(author, day)}
                onClick={() => {
                  setDraft(note.body);
                  setStatus('');
                  setEditing(true);
                }}
              >
                {t.edit}
              </button>
              <DestructiveConfirm
                label={t.delete}
                triggerLabel={t.deleteLabel(author, day)}
                title={t.deleteTitle}
                body={t.deleteBody}
                confirmLabel={t.deleteConfirm}
                runningLabel={t.deleting}
                action={remove}
              />
            </div>
          ) : null}
        </>
      )}
      <p role="status" className="status">
        {status}
      </p>
    </li>
  );
}

function LeaveNote({ personId }: { personId: string }) {
  const fieldId = useId();
  const [body, setBody] = useState('');
  const { send, error, saving, status, setStatus } = useNoteSend(fieldId);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const sent = await send(
      body,
      (words) => mutators.handover.leave({ id: crypto.randomUUID(), personId, body: words }),
      { sending: t.leaving, done: t.left },
    );
    if (sent) setBody('');
  }

  return (
    <form className="handover-leave" onSubmit={submit} noValidate>
      <NoteField
        id={fieldId}
        label={t.leaveLabel}
        hint={t.leaveHint}
        value={body}
        error={error}
        onChange={(value) => {
          setBody(value);
          setStatus('');
        }}
      />
      <button type="submit" disabled={saving}>
        {t.leave}
      </button>
      <p role="status" className="status">
        {status}
      </p>
    </form>
  );
}

/** How long the person's notes last: the person, or their Administrator in a session. */
function NoteDays({ personId }: { personId: string }) {
  const write = useWrite();
  const fieldId = useId();
  const [person] = useQuery(queries.person.byId({ personId }));
  const [typed, setTyped] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [status, setStatus] = useState('');
  const current = person?.handoverNoteDays;
  const value = typed ?? (current === undefined ? '' : String(current));

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = handoverDaysArgs.safeParse({ personId, days: Number(value) });
    if (value.trim() === '' || !parsed.success) {
      setError(parsed.error?.issues[0]?.message ?? handoverMessages.daysHint);
      document.getElementById(fieldId)?.focus();
      return;
    }
    setError(undefined);
    const outcome = await write(mutators.handover.setNoteDays(parsed.data));
    const refused = refusalOf(outcome);
    if (refused) {
      setError(refused);
      return;
    }
    setTyped(undefined);
    setStatus(savedText(outcome, t.daysSaved));
  }

  return (
    <form className="handover-days" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={fieldId}>{t.daysLabel}</label>
        <p id={`${fieldId}-hint`} className="field-help">
          {t.daysHint}
        </p>
        <div className="handover-days-row">
          <input
            id={fieldId}
            type="number"
            inputMode="numeric"
            min={HANDOVER_DAYS_MIN}
            max={HANDOVER_DAYS_MAX}
            step={1}
            value={value}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${fieldId}-hint${error ? ` ${fieldId}-error` : ''}`}
            onChange={(e) => {
              setTyped(e.target.value);
              setStatus('');
            }}
          />
          <button type="submit" className="secondary">
            {t.daysSave}
          </button>
        </div>
        {error ? (
          <p id={`${fieldId}-error`} role="alert" className="field-error">
            {error}
          </p>
        ) : null}
      </div>
      <p role="status" className="status">
        {status}
      </p>
    </form>
  );
}
