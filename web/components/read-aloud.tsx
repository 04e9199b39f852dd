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
