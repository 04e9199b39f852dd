/**
 * "When access ends": no end, or a date and time within
 * LINK_END_MAX_MS. Used where a supporter's access is set: changing it
 * (supporters.$id.edit) and inviting someone (supporters.invite).
 */
import { useState } from 'react';
import { circleErrors, LINK_END_MAX_MS } from '../../sync/circle.ts';
import { circleMessages } from '../messages/circle.ts';
import { ChoiceGroup } from './choice-group.tsx';
import { fromLocalInput, toLocalInput } from './circle-common.tsx';

export type Ending = 'never' | 'at';

/** The end chosen: null (none), epoch ms, or a refusal in words. */
export function endChosen(ending: Ending | undefined, endsAt: string): number | null | string {
  if (ending !== 'at') return null;
  if (!endsAt) return circleMessages.endRequired;
  const at = fromLocalInput(endsAt);
  if (!Number.isFinite(at)) return circleMessages.endRequired;
  if (at <= Date.now()) return circleErrors.endInPast;
  if (at > Date.now() + LINK_END_MAX_MS) return circleErrors.endTooFar;
  return at;
}

/** The id of the date-and-time field, to focus when it is refused. */
export const endInputId = (baseId: string) => `${baseId}-ends-at`;

/**
 * The field's state for a form whose fields share `baseId`: `field` goes to
 * <AccessEndField>, `start` sets it from a stored end, and `chosen()` is the
 * end to store (null for none), or undefined after saying at the field, with
 * focus there, why it cannot be. `onChange` runs at every change (a form's
 * "saved" goes).
 */
export function useAccessEnd(baseId: string, initial?: Ending, onChange?: () => void) {
  const [ending, setEnding] = useState<Ending | undefined>(initial);
  const [endsAt, setEndsAt] = useState('');
  const [error, setError] = useState<string | undefined>();
  return {
    ending,
    start(ms: number | null) {
      setEnding(ms === null ? 'never' : 'at');
      if (ms !== null) setEndsAt(toLocalInput(ms));
    },
    chosen(): number | null | undefined {
      const end = endChosen(ending, endsAt);
      if (typeof end === 'string') {
        setError(end);
        document.getElementById(endInputId(baseId))?.focus();
        return undefined;
      }
      setError(undefined);
      return end;
    },
    field: {
      baseId,
      ending,
      endsAt,
      error,
      onEnding: (e: Ending) => {
        setEnding(e);
        if (e === 'never') setError(undefined);
        onChange?.();
      },
      onEndsAt: (v: string) => {
        setEndsAt(v);
        setError(undefined);
        onChange?.();
      },
    },
  };
}

export function AccessEndField({
  baseId,
  ending,
  endsAt,
  error,
  onEnding,
  onEndsAt,
}: {
  baseId: string;
  ending: Ending | undefined;
  /** The `datetime-local` value. */
  endsAt: string;
  error: string | undefined;
  onEnding: (ending: Ending) => void;
  onEndsAt: (value: string) => void;
}) {
  const minEnd = toLocalInput(Date.now());
  const maxEnd = toLocalInput(Date.now() + LINK_END_MAX_MS);
  const input = endInputId(baseId);
  return (
    <ChoiceGroup
      id={baseId}
      legend={circleMessages.ending}
      value={ending}
      onChange={onEnding}
      choices={[
        { value: 'never', label: circleMessages.endNever },
        { value: 'at', label: circleMessages.endAt, description: circleMessages.endAtHelp },
      ]}
    >
      {ending === 'at' ? (
        <div className="field">
          <label htmlFor={input}>{circleMessages.endsAtLabel}</label>
          <input
            id={input}
            type="datetime-local"
            value={endsAt}
            min={minEnd}
            max={maxEnd}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${input}-error` : undefined}
            onChange={(e) => onEndsAt(e.target.value)}
          />
          {error ? (
            <p id={`${input}-error`} className="field-error">
              {error}
            </p>
          ) : null}
        </div>
      ) : null}
    </ChoiceGroup>
  );
}
