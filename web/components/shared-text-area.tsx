/**
 * A text area bound to a shared text (web/hooks/use-shared-text.ts): what
 * anyone types in the same field appears here as they type, and the caret
 * stays where it was (y-textarea keeps it relative to the text). Until the
 * document is ready the area shows the stored text, read-only.
 */
import { type TextareaHTMLAttributes, useEffect, useRef } from 'react';
import { TextAreaBinding } from 'y-textarea';
import type { TextTarget } from '../../sync/shared-text.ts';
import { useSharedText } from '../hooks/use-shared-text.ts';

type AreaProps = Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'value' | 'defaultValue' | 'onChange' | 'readOnly'
>;

export function SharedTextArea({
  personId,
  preferenceId,
  noteId,
  held,
  errorId,
  ...area
}: TextTarget & {
  personId: string;
  /** The text as its row holds it now. */
  held: string;
  /** The id of the element saying why typing could not be sent. */
  errorId: string;
} & AreaProps) {
  const shared = useSharedText({ personId, preferenceId, noteId, held });
  const ref = useRef<HTMLTextAreaElement>(null);
  const { text } = shared;

  useEffect(() => {
    if (!text || !ref.current) return;
    const binding = new TextAreaBinding(text, ref.current);
    return () => binding.destroy();
  }, [text]);

  return (
    <>
      <textarea
        ref={ref}
        {...area}
        defaultValue={held}
        readOnly={!text}
        aria-busy={text ? undefined : true}
        aria-invalid={shared.error ? true : area['aria-invalid']}
        data-shared-text={text ? 'ready' : 'loading'}
      />
      <p id={errorId} className="pf-error" role="alert">
        {shared.error ?? ''}
      </p>
    </>
  );
}
