import { messages } from '../messages.ts';

const t = messages.offline;

/** A value as a person reads it: text, yes/no, a list, or "(empty)". */
export function shownValue(v: unknown, names?: (id: string) => string): string {
  if (v === null || v === undefined || v === '') return t.empty;
  if (Array.isArray(v))
    return v.length === 0
      ? t.empty
      : v.map((x) => (names ? names(String(x)) : String(x))).join(', ');
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  return String(v);
}
