import { useQuery } from '@rocicorp/zero/react';
import { createFileRoute, Link } from '@tanstack/react-router';
import { type FormEvent, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { ACCESS_LEVELS, type AccessLevel } from '../../schema/enums.ts';
import type { Invite } from '../../schema/zero-schema.gen.ts';
import { INVITE_DEFAULT_DAYS, type InviteCreated } from '../../sync/invite.ts';
import { queries } from '../../sync/queries.ts';
import { EMAIL_PATTERN, validationMessages } from '../../sync/validation-rules.ts';
import { ApiError } from '../api-client.ts';
import { AccessEndField, useAccessEnd } from '../components/access-end-field.tsx';
import { ChoiceGroup } from '../components/choice-group.tsx';
import { DestructiveConfirm } from '../components/destructive-confirm.tsx';
import { EmailField } from '../components/email-field.tsx';
import {
  createInvite,
  formatInviteDate,
  InviteDialog,
  withdrawInvite,
} from '../components/invite-common.tsx';
import { LinkField } from '../components/link-field.tsx';
import { ErrorAlert } from '../components/modal-dialog.tsx';
import { copyLink, useQrCode } from '../hooks/use-qr-code.ts';
import { inviteMessages } from '../messages/invite.ts';
import { messages } from '../messages.ts';
import { pageHead } from '../navigation/page-title.ts';

const t = inviteMessages;
const DAY_CHOICES = [1, 3, 7, 14, 30] as const;

/** "Invite someone" (spec §4 Invite): by e-mail, or a link with a QR code. */
export const Route = createFileRoute('/people/$personId/supporters/invite')({
  head: pageHead(messages.titles.inviteSomeone),
  component: InviteSomeone,
});

type Result =
  | { kind: 'none' }
  | { kind: 'sent'; email: string; created: InviteCreated }
  | { kind: 'link'; created: InviteCreated };

function InviteSomeone() {
  const { personId } = Route.useParams();
  const { session } = Route.useRouteContext();
  const ids = useId();
  const [level, setLevel] = useState<AccessLevel>('General');
  const [days, setDays] = useState<number>(INVITE_DEFAULT_DAYS);
  const end = useAccessEnd(ids, 'never');
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState<'email' | 'link' | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [selfSupport, setSelfSupport] = useState(false);
  const [result, setResult] = useState<Result>({ kind: 'none' });
  const [toast, setToast] = useState('');
  const resultRef = useRef<HTMLHeadingElement>(null);
  const mine = session.person?.id === personId;
  const [person] = useQuery(queries.person.byId({ personId }));
  const name = person?.knownAs ?? person?.firstName ?? '';

  useEffect(() => {
    if (result.kind !== 'none') resultRef.current?.focus();
  }, [result]);

  async function create(by: 'email' | 'link') {
    setError(undefined);
    setToast('');
    const address = email.trim();
    if (by === 'email' && !EMAIL_PATTERN.test(address)) {
      setError(validationMessages.email);
      return;
    }
    const endsAt = end.chosen();
    if (endsAt === undefined) return;
    setBusy(by);
    try {
      const created = await createInvite(personId, {
        kind: 'Supporter',
        accessLevel: level,
        expiresInDays: days,
        ...(endsAt !== null ? { accessEndsAt: new Date(endsAt).toISOString() } : {}),
        ...(by === 'email' ? { email: address } : {}),
      });
      if (by === 'email') {
        setResult({ kind: 'sent', email: address, created });
        setEmail('');
      } else {
        setResult({ kind: 'link', created });
      }
    } catch (e) {
      if (e instanceof ApiError && e.code === 'self_support') setSelfSupport(true);
      else setError(e instanceof ApiError ? e.message : messages.errors.generic);
    } finally {
      setBusy(null);
    }
  }

  function sendByEmail(e: FormEvent) {
    e.preventDefault();
    void create('email');
  }

  return (
    <>
      <h1>{t.createTitle}</h1>
      <p>{mine || !name ? t.createIntro : t.createIntroFor(name)}</p>
      <ErrorAlert message={error} />
      <p role="status" className="status">
        {toast}
      </p>

      {result.kind === 'none' ? (
        <>
          <div className="card">
            <ChoiceGroup
              legend={t.levelLegend}
              hint={t.supporterHelp}
              value={level}
              onChange={setLevel}
              choices={ACCESS_LEVELS.map((l) => ({
                value: l,
                label: t.levels[l],
                description: t.levelHelp[l],
              }))}
            />
            <div className="field">
              <label htmlFor={`${ids}-days`}>{t.lasts}</label>
              <select
                id={`${ids}-days`}
                value={days}
                onChange={(e) => setDays(Number(e.target.value))}
                style={{
                  minHeight: 44,
                  font: 'inherit',
                  padding: '0.25rem 0.5rem',
                  borderRadius: 8,
                  border: '2px solid var(--muted)',
                  background: 'var(--paper)',
                  color: 'var(--ink)',
                }}
              >
                {DAY_CHOICES.map((n) => (
                  <option key={n} value={n}>
                    {t.days(n)}
                  </option>
                ))}
              </select>
            </div>
            <AccessEndField {...end.field} />
          </div>

          <form
            className="card"
            onSubmit={sendByEmail}
            noValidate
            aria-labelledby={`${ids}-by-email`}
          >
            <h2 id={`${ids}-by-email`} style={{ fontSize: '1.15rem', marginTop: 0 }}>
              {t.byEmailTitle}
            </h2>
            <EmailField
              id={`${ids}-email`}
              label={t.email}
              value={email}
              onChange={setEmail}
              autoComplete="off"
              maxLength={254}
            />
            <button type="submit" disabled={busy !== null}>
              {busy === 'email' ? t.sending : t.send}
            </button>
          </form>

          <section className="card" aria-labelledby={`${ids}-by-link`}>
            <h2 id={`${ids}-by-link`} style={{ fontSize: '1.15rem', marginTop: 0 }}>
              {t.byLinkTitle}
            </h2>
            <p>{t.byLinkHelp}</p>
            <button type="button" onClick={() => void create('link')} disabled={busy !== null}>
              {busy === 'link' ? t.creatingLink : t.createLink}
            </button>
          </section>
        </>
      ) : result.kind === 'sent' ? (
        <section className="card">
          <h2 ref={resultRef} tabIndex={-1} style={{ fontSize: '1.15rem', marginTop: 0 }}>
            {t.sent(result.email, formatInviteDate(result.created.expiresAt))}
          </h2>
          <button type="button" className="secondary" onClick={() => setResult({ kind: 'none' })}>
            {t.another}
          </button>
        </section>
      ) : (
        <InviteLink
          created={result.created}
          headingRef={resultRef}
          onToast={setToast}
          onAnother={() => setResult({ kind: 'none' })}
        />
      )}

      <OpenInvites personId={personId} onToast={setToast} />

      <p>
        <Link className="button secondary" to="/people/$personId/supporters" params={{ personId }}>
          {t.backToCircle}
        </Link>
      </p>

      <InviteDialog open={selfSupport} title={t.selfSupport} onClose={() => setSelfSupport(false)}>
        <p>{t.selfSupportHelp}</p>
      </InviteDialog>
    </>
  );
}

/** The new link, shown once: the link itself, Copy, a QR code and the expiry. */
function InviteLink({
  created,
  headingRef,
  onToast,
  onAnother,
}: {
  created: InviteCreated;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onToast: (s: string) => void;
  onAnother: () => void;
}) {
  const ids = useId();
  const input = useRef<HTMLInputElement>(null);
  const qr = useQrCode(created.url);

  async function copy() {
    onToast((await copyLink(created.url, input.current)) ? t.copied : t.copyFailed);
  }

  return (
    <section className="card" aria-labelledby={`${ids}-title`}>
      <h2
        id={`${ids}-title`}
        ref={headingRef}
        tabIndex={-1}
        style={{ fontSize: '1.15rem', marginTop: 0 }}
      >
        {t.linkTitle}
      </h2>
      <LinkField
        id={`${ids}-link`}
        url={created.url}
        label={t.linkLabel}
        once={t.linkOnce}
        inputRef={input}
      />
      <div className="actions">
        <button type="button" onClick={copy}>
          {t.copy}
        </button>
        <button type="button" className="secondary" onClick={onAnother}>
          {t.another}
        </button>
      </div>
      <p>{t.expiresOn(formatInviteDate(created.expiresAt))}</p>
      {qr === 'failed' ? (
        <p className="status">{t.qrFailed}</p>
      ) : qr ? (
        <img
          src={qr}
          alt={t.qrAlt}
          width={240}
          height={240}
          style={{ display: 'block', background: '#fff' }}
        />
      ) : null}
    </section>
  );
}

/** Invites still waiting for an answer (live), each with Withdraw (confirmed). */
function OpenInvites({ personId, onToast }: { personId: string; onToast: (s: string) => void }) {
  const ids = useId();
  const [rows, details] = useQuery(queries.invite.open({ personId }));
  const [now] = useState(() => Date.now());
  const open = rows.filter((r) => r.expiresAt > now);

  return (
    <section className="card" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} style={{ fontSize: '1.15rem', marginTop: 0 }}>
        {t.openTitle}
      </h2>
      {open.length === 0 ? (
        <p className={details.type === 'complete' ? undefined : 'status'}>
          {details.type === 'complete' ? t.openEmpty : t.openLoading}
        </p>
      ) : (
        <ul className="pref-list" aria-labelledby={`${ids}-title`}>
          {open.map((inv) => {
            const to = inv.email ? t.sentTo(inv.email) : t.asLink;
            const date = formatInviteDate(inv.expiresAt);
            const text =
              inv.kind === 'Supporter'
                ? t.openItem(t.levels[inv.accessLevel ?? 'General'], to, date)
                : t.openItemOther(inv.kind, to, date);
            return (
              <li key={inv.id}>
                <span className="row" style={{ gap: '1rem', justifyContent: 'space-between' }}>
                  <span>{text}</span>
                  {/* Destructive confirmation (spec §4): the shared dialog. */}
                  <DestructiveConfirm
                    label={t.withdraw}
                    triggerLabel={t.withdrawLabel(to)}
                    title={t.withdrawTitle}
                    body={t.withdrawBody}
                    confirmLabel={t.withdrawConfirm}
                    runningLabel={t.withdrawing}
                    action={() => withdraw(personId, inv)}
                    afterDestroy={() => onToast(t.withdrawn)}
                  />
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** Withdraws an invite; a refusal is shown in the dialog with the server's words. */
async function withdraw(personId: string, invite: Invite) {
  try {
    await withdrawInvite(personId, invite.id);
  } catch (e) {
    throw new Error(e instanceof ApiError ? e.message : messages.errors.generic);
  }
}
