/**
 * A link shown once to be passed on (an invite, a one-page profile's share
 * link): the address in a read-only field that selects itself, and the words
 * saying it is shown only this once. Copy and the QR code go beside it
 * (web/hooks/use-qr-code.ts).
 */
import type { RefObject } from 'react';

export function LinkField({
  id,
  url,
  label,
  once,
  inputRef,
}: {
  id: string;
  url: string;
  label: string;
  /** "Copy it now: it is shown only this once." */
  once: string;
  inputRef: RefObject<HTMLInputElement | null>;
}) {
  return (
    <>
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          ref={inputRef}
          type="text"
          readOnly
          value={url}
          onFocus={(e) => e.target.select()}
          aria-describedby={`${id}-once`}
        />
      </div>
      <p id={`${id}-once`}>{once}</p>
    </>
  );
}
