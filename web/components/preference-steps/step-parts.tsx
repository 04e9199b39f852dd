/**
 * What every step of a preference shows: its section and heading, and a field's error.
 */
import { type ReactNode, useId } from 'react';
import type { PresenceField } from '../../../sync/presence.ts';
import type { FieldErrors, PreferenceFields } from './fields.ts';

export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  // Always in the page, so that its text is announced when it appears.
  return (
    <p id={id} className="pf-error" role="alert">
      {error ?? ''}
    </p>
  );
}

export const describedBy = (...ids: (string | false | undefined)[]) =>
  ids.filter(Boolean).join(' ') || undefined;

export type StepProps = {
  fields: PreferenceFields;
  onChange: (patch: Partial<PreferenceFields>) => void;
  errors: FieldErrors;
};

export function StepSection({
  title,
  children,
  presence,
}: {
  title: string;
  children: ReactNode;
  /** The presence field (sync/presence.ts) of the whole step, when it has no finer one. */
  presence?: PresenceField | undefined;
}) {
  const headingId = useId();
  return (
    <section className="pf-step" aria-labelledby={headingId} data-presence={presence}>
      <h2 id={headingId}>{title}</h2>
      {children}
    </section>
  );
}

/** Step 1: title, description (markdown) and feeling. */
