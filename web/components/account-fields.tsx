/**
 * Fields of a person's account, shared by onboarding and personal details:
 * the role (spec §2 onboarding, §6) and pronouns (spec §3). Each is a
 * ChoiceGroup: every choice one 44 px target, its title and description
 * apart; an error sits under the legend, is announced, and names the group.
 */
import { type Ref, useId } from 'react';
import { PRONOUNS, type Pronouns } from '../../schema/enums.ts';
import { CHOOSABLE_ROLES, type ChoosableRole } from '../../sync/person.ts';
import { accountMessages } from '../messages/account.ts';
import { ChoiceGroup } from './choice-group.tsx';
import { describedBy, FieldError } from './preference-steps/step-parts.tsx';

const t = accountMessages;

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
  /** Said with the group (e.g. what a change means). */
  hint?: string | undefined;
  /** The first radio, for moving focus to the group on an error. */
  firstRef?: Ref<HTMLInputElement>;
}) {
  return (
    <ChoiceGroup
      legend={legend}
      hint={hint}
      error={error}
      firstRef={firstRef}
      value={value}
      onChange={onChange}
      choices={CHOOSABLE_ROLES.map((r) => ({
        value: r,
        label: t.onboarding.roles[r].label,
        description: t.onboarding.roles[r].hint,
      }))}
    />
  );
}

export type PronounsValue = { pronouns: Pronouns | null; pronounsOther: string };

/** No pronouns chosen, as a value of the group (a radio's value is text). */
const NONE = 'none';

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
  return (
    <ChoiceGroup
      legend={t.pronouns.legend}
      value={value.pronouns ?? NONE}
      onChange={(p) => onChange({ ...value, pronouns: p === NONE ? null : p })}
      choices={[
        ...PRONOUNS.map((p) => ({ value: p as Pronouns | typeof NONE, label: t.pronouns[p] })),
        { value: NONE, label: t.pronouns.none },
      ]}
    >
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
    </ChoiceGroup>
  );
}
