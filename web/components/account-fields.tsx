/**
 * Fields of a person's account, shared by onboarding and personal details:
 * the role (spec §2 onboarding, §6) and pronouns (spec §3). Each is a
 * fieldset of radio buttons whose labels are the whole 44 px target; an
 * error sits under the legend, is announced, and names the group.
 */
import { type Ref, useId } from 'react';
import { PRONOUNS, type Pronouns } from '../../schema/enums.ts';
import { CHOOSABLE_ROLES, type ChoosableRole } from '../../sync/person.ts';
import { messages } from '../messages.ts';
import { describedBy, FieldError } from './preference-steps/step-parts.tsx';

const t = messages.account;

export function RoleChoice({
  value,
  onChange,
  legend,
  error,
  hint,
  firstRef,
}: {
  value: ChoosableRole | null;
  onChange: (role: ChoosableRole) => void;
  legend: string;
  error?: string | undefined;
  /** Said under the choices (e.g. what a change means). */
  hint?: string | undefined;
  /** The first radio, for moving focus to the group on an error. */
  firstRef?: Ref<HTMLInputElement>;
}) {
  const id = useId();
  return (
    <fieldset
      className="pf-group"
      aria-describedby={describedBy(error && `${id}-error`, hint && `${id}-hint`)}
      aria-invalid={error ? true : undefined}
    >
      <legend>{legend}</legend>
      <FieldError id={`${id}-error`} error={error} />
      {CHOOSABLE_ROLES.map((r, i) => (
        <label className="pf-option pf-option-wide" key={r}>
          <input
            ref={i === 0 ? firstRef : undefined}
            type="radio"
            name={`${id}-role`}
            value={r}
            checked={value === r}
            aria-describedby={`${id}-${r}-help`}
            onChange={() => onChange(r)}
          />
          <span>
            <span className="pf-option-title">{t.onboarding.roles[r].label}</span>
            <span id={`${id}-${r}-help`} className="pf-help">
              {t.onboarding.roles[r].hint}
            </span>
          </span>
        </label>
      ))}
      {hint ? (
        <p id={`${id}-hint`} className="status">
          {hint}
        </p>
      ) : null}
    </fieldset>
  );
}

export type PronounsValue = { pronouns: Pronouns | null; pronounsOther: string };

export function PronounsChoice({
  value,
  onChange,
  error,
  otherId,
}: {
  value: PronounsValue;
  onChange: (v: PronounsValue) => void;
  /** An error of the free text (Other). */
  error?: string | undefined;
  /** The free-text field's id (to move focus to it). */
  otherId?: string;
}) {
  const id = useId();
  const other = otherId ?? `${id}-other`;
  const options: (Pronouns | null)[] = [...PRONOUNS, null];
  return (
    <fieldset className="pf-group">
      <legend>{t.pronouns.legend}</legend>
      <div className="account-pronouns">
        {options.map((p) => (
          <label className="pf-option" key={p ?? 'none'}>
            <input
              type="radio"
              name={`${id}-pronouns`}
              value={p ?? ''}
              checked={value.pronouns === p}
              onChange={() => onChange({ ...value, pronouns: p })}
            />
            <span>{p ? t.pronouns[p] : t.pronouns.none}</span>
          </label>
        ))}
      </div>
      {value.pronouns === 'Other' ? (
        <div className="field">
          <label htmlFor={other}>{t.pronouns.otherLabel}</label>
          <input
            id={other}
            type="text"
            autoComplete="off"
            maxLength={100}
            value={value.pronounsOther}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(error && `${other}-error`)}
            onChange={(e) => onChange({ ...value, pronounsOther: e.target.value })}
            onBlur={(e) => onChange({ ...value, pronounsOther: e.target.value.trim() })}
          />
          <FieldError id={`${other}-error`} error={error} />
        </div>
      ) : null}
    </fieldset>
  );
}
