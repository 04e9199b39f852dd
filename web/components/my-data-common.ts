/** Shared by the My data pages (settings.data, settings.delete): how sizes and days are said. */

import { dates } from '../../sync/dates.ts';

export const longDay = dates.day;

/** "2.4 MB", "830 KB": a size in words people know. */
export function fileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
