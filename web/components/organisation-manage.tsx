import type { Row } from '@rocicorp/zero';
import { type FormEvent, useId, useRef, useState } from 'react';
import { ORGANISATION_TYPES, type OrganisationType } from '../../schema/enums.ts';
import { mutators } from '../../sync/mutators.ts';
import { LOGO_MAX_BYTES, LOGO_TYPES, organisationRuleMessages } from '../../sync/organisation.ts';
import { ApiError, call, client } from '../api-client.ts';
import { organisationMessages as organisationTexts } from '../messages/organisation.ts';
import { messages } from '../messages.ts';
import { refusalOf, useWrite } from '../offline/use-write.ts';
import { ChoiceGroup } from './choice-group.tsx';
import { DestructiveConfirm } from './destructive-confirm.tsx';
import { ErrorAlert } from './modal-dialog.tsx';

const t = organisationTexts;

type Organisation = Row['organisation'];

/** Where a new logo goes: the typed client's own path, so a renamed route fails the type check. */
function logoPath(id: string): string {
  return `/api${client.orgs[':id'].logo.$path({ param: { id } })}`;
}

/** A refused REST call's words, or the generic ones. */
function wordsOf(e: unknown): string {
  return e instanceof ApiError ? e.message : messages.errors.generic;
}

/**
 * What a platform user does with an organisation (spec §3: "Platform user:
 * manages organisations"): approve it, suspend it (asked first), and edit its
 * name, type and logo. Status and details are Zero changes
 * (sync/organisation.ts), shown at once and confirmed by the server; a logo
 * is a picture's bytes sent to the API, which stores it and then changes the
 * row. Every other viewer of the page sees the result live.
 */
export function ManageOrganisation({ organisation }: { organisation: Organisation }) {
  const write = useWrite();
  const [said, setSaid] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();
  const ids = useId();

  async function approve() {
    setError(undefined);
    setSaid(undefined);
    const refused = refusalOf(await write(mutators.organisation.approve({ id: organisation.id })));
    if (refused) setError(refused);
    else setSaid(t.approvedNow(organisation.name));
  }

  async function suspend() {
    const refused = refusalOf(await write(mutators.organisation.suspend({ id: organisation.id })));
    if (refused) throw new Error(refused);
    setSaid(t.suspendedNow(organisation.name));
  }

  return (
    <section className="card" aria-labelledby={`${ids}-manage`}>
      <h2 id={`${ids}-manage`} style={{ marginTop: 0 }}>
        {t.manage}
      </h2>
      <ErrorAlert message={error} />
      <p role="status">{said}</p>
      {organisation.status !== 'approved' ? (
        <div className="field">
          <p id={`${ids}-approve-help`} style={{ margin: 0 }}>
            {t.approveHelp}
          </p>
          <div className="actions">
            <button type="button" onClick={approve} aria-describedby={`${ids}-approve-help`}>
              {t.approve}
            </button>
          </div>
        </div>
      ) : null}
      {organisation.status !== 'suspended' ? (
        <div className="field">
          <p style={{ margin: 0 }}>{t.suspendHelp}</p>
          <div className="actions">
            <DestructiveConfirm
              label={t.suspend}
              title={t.suspendConfirmTitle(organisation.name)}
              body={t.suspendConfirmBody}
              confirmLabel={t.suspend}
              runningLabel={t.saving}
              action={suspend}
            />
          </div>
        </div>
      ) : null}
      <EditOrganisation key={organisation.id} organisation={organisation} onSaved={setSaid} />
    </section>
  );
}

function EditOrganisation({
  organisation,
  onSaved,
}: {
  organisation: Organisation;
  onSaved: (said: string) => void;
}) {
  const write = useWrite();
  const ids = useId();
  const [name, setName] = useState(organisation.name);
  const [type, setType] = useState<OrganisationType>(organisation.type);
  const [file, setFile] = useState<File | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  async function save(e: FormEvent) {
    e.preventDefault();
    setError(undefined);
    const trimmed = name.trim();
    if (trimmed === '') {
      setError(organisationRuleMessages.nameRequired);
      return;
    }
    if (file && !(LOGO_TYPES as readonly string[]).includes(file.type)) {
      setError(organisationRuleMessages.logoNotImage);
      return;
    }
    if (file && file.size > LOGO_MAX_BYTES) {
      setError(organisationRuleMessages.logoTooLarge(LOGO_MAX_BYTES / 1024 ** 2));
      return;
    }
    setSaving(true);
    try {
      if (trimmed !== organisation.name || type !== organisation.type) {
        const refused = refusalOf(
          await write(mutators.organisation.update({ id: organisation.id, name: trimmed, type })),
        );
        if (refused) {
          setError(refused);
          return;
        }
      }
      if (file) {
        await call(
          fetch(logoPath(organisation.id), {
            method: 'PUT',
            body: file,
            headers: { 'content-type': file.type },
            credentials: 'same-origin',
          }),
        );
        setFile(undefined);
        if (fileInput.current) fileInput.current.value = '';
      }
      onSaved(t.saved);
    } catch (e) {
      setError(wordsOf(e));
    } finally {
      setSaving(false);
    }
  }

  async function removeLogo() {
    setError(undefined);
    try {
      await call(client.orgs[':id'].logo.$delete({ param: { id: organisation.id } }));
      onSaved(t.saved);
    } catch (e) {
      setError(wordsOf(e));
    }
  }

  return (
    <form onSubmit={save} noValidate aria-labelledby={`${ids}-edit`}>
      <h3 id={`${ids}-edit`}>{t.edit}</h3>
      <ErrorAlert message={error} />
      <div className="field">
        <label htmlFor={`${ids}-name`}>{t.nameLabel}</label>
        <input
          id={`${ids}-name`}
          type="text"
          value={name}
          maxLength={200}
          autoComplete="organization"
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      <ChoiceGroup
        legend={t.typeLabel}
        value={type}
        onChange={setType}
        choices={ORGANISATION_TYPES.map((value) => ({
          value,
          label: t.types[value],
          description: t.typeHints[value],
        }))}
      />
      <div className="field">
        <label htmlFor={`${ids}-logo`}>{t.logoLabel}</label>
        <p id={`${ids}-logo-help`} style={{ margin: 0 }}>
          {t.logoHint}
        </p>
        <input
          ref={fileInput}
          id={`${ids}-logo`}
          type="file"
          accept={LOGO_TYPES.join(',')}
          aria-describedby={`${ids}-logo-help`}
          onChange={(e) => setFile(e.target.files?.[0])}
        />
      </div>
      <div className="actions">
        <button type="submit" disabled={saving}>
          {saving ? t.saving : t.save}
        </button>
        {organisation.logoStorageKey ? (
          <button type="button" className="secondary" onClick={removeLogo} disabled={saving}>
            {t.removeLogo}
          </button>
        ) : null}
      </div>
    </form>
  );
}
