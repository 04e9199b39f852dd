import { useState } from 'react';

/**
 * When this browser last showed `personId`'s home (epoch ms, or null for a
 * first visit), read once as the page opens; the visit now becomes the last
 * one. Kept in this browser only: "since your last visit" is about what this
 * reader saw here.
 */
export function useLastVisit(personId: string): number | null {
  const [last] = useState(() => {
    const key = `home.lastVisit.${personId}`;
    let before: number | null = null;
    try {
      const raw = localStorage.getItem(key);
      const n = raw === null ? Number.NaN : Number(raw);
      before = Number.isFinite(n) ? n : null;
      localStorage.setItem(key, String(Date.now()));
    } catch {
      // Storage refused (private mode, quota): every visit is a first one.
    }
    return before;
  });
  return last;
}
