/**
 * Read-aloud: the browser's speech synthesis reads a page's parts
 * in order; the part being read is `current`, for the page to highlight.
 * Stops when asked, when another reading starts and when the page goes.
 * Where the browser has no speech synthesis, `supported` is false and the
 * page offers no control.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

export type ReadPart = { key: string; text: string };

const synth = () =>
  typeof window !== 'undefined' &&
  'speechSynthesis' in window &&
  typeof window.SpeechSynthesisUtterance === 'function'
    ? window.speechSynthesis
    : undefined;

export function useReadAloud(parts: readonly ReadPart[]) {
  const supported = synth() !== undefined;
  const [current, setCurrent] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  /** The reading in progress: events of an older one are ignored. */
  const run = useRef(0);

  const stop = useCallback(() => {
    run.current++;
    synth()?.cancel();
    setReading(false);
    setCurrent(null);
  }, []);

  useEffect(
    () => () => {
      run.current++;
      synth()?.cancel();
    },
    [],
  );

  const start = useCallback(() => {
    const speech = synth();
    if (!speech) return;
    const mine = ++run.current;
    speech.cancel();
    const list = parts.filter((p) => p.text.trim() !== '');
    if (list.length === 0) return;
    setReading(true);
    const done = () => {
      if (run.current !== mine) return;
      setReading(false);
      setCurrent(null);
    };
    list.forEach((p, i) => {
      const u = new window.SpeechSynthesisUtterance(p.text);
      u.lang = 'en-NZ';
      u.rate = 0.9;
      u.onstart = () => {
        if (run.current === mine) setCurrent(p.key);
      };
      u.onerror = done;
      if (i === list.length - 1) u.onend = done;
      speech.speak(u);
    });
  }, [parts]);

  return { supported, reading, current, toggle: reading ? stop : start, stop };
}

/** Markdown as words to say: links by their text, no markup. */
export function spoken(markdown: string): string {
  return markdown
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`#>~]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}
