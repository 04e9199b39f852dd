import { offlineMessages } from '../messages/offline.ts';

const t = offlineMessages;

/** Fields that hold one category's id: shown by its name. */
const categoryFields = new Set(['parentId']);
/** Fields that hold a picture's id: shown as "A photo", not an id. */
const pictureFields = new Set(['photoId', 'heroMediaId']);

/**
 * A value as a person reads it: text, yes/no, a list, a category's name, or
 * "(empty)". `names` turns category ids into names.
 */
export function shownValue(v: unknown, names?: (id: string) => string, field?: string): string {
  if (v === null || v === undefined || v === '') return t.empty;
  if (field && pictureFields.has(field)) return t.aPhoto;
  if (field && categoryFields.has(field) && names && typeof v === 'string') return names(v);
  if (Array.isArray(v))
    return v.length === 0
      ? t.empty
      : v.map((x) => (names ? names(String(x)) : String(x))).join(', ');
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  return String(v);
}
