import { useMemo } from 'react';
import { useReadAloud } from '../hooks/use-read-aloud.ts';
import { readAloudMessages } from '../messages/read-aloud.ts';

/** The play/stop control of a reading (web/hooks/use-read-aloud.ts). */
export function ReadAloudButton({
  reading,
  toggle,
  what,
}: {
  reading: boolean;
  toggle: () => void;
  /** What is read, for the control's name ("Read aloud: Porridge"). */
  what?: string;
}) {
  const t = readAloudMessages;
  return (
    <button
      type="button"
      className="secondary read-aloud no-print"
      onClick={toggle}
      aria-label={reading ? t.stop : what ? t.readNamed(what) : t.read}
    >
      <span aria-hidden="true" className="read-aloud-icon">
        {reading ? '■' : '▶'}
      </span>
      <span className="read-aloud-label">{reading ? t.stop : t.read}</span>
    </button>
  );
}

/** A read-aloud control for one piece of text (a question on its own page, a line). */
export function ReadThis({ text, what }: { text: string; what?: string }) {
  const parts = useMemo(() => [{ key: 'text', text }], [text]);
  const reader = useReadAloud(parts);
  if (!reader.supported) return null;
  return (
    <div className="actions">
      <ReadAloudButton reading={reader.reading} toggle={reader.toggle} what={what ?? text} />
    </div>
  );
}
