/**
 * Script for the viewer page of an edit benchmark (run.ts, bare-control.ts):
 * resolves `window.__seen` with the time `expected` appears as a
 * `[data-testid="preference-title"]` in the page. A string, not a function:
 * tsx's keepNames would inject a helper the page lacks.
 */
export function armObserver(expected: string): string {
  return `window.__seen = new Promise((resolve) => {
    const expected = ${JSON.stringify(expected)};
    const check = () => {
      for (const el of document.querySelectorAll('[data-testid="preference-title"]')) {
        if (el.textContent === expected) {
          resolve(performance.timeOrigin + performance.now());
          return true;
        }
      }
      return false;
    };
    if (check()) return;
    const obs = new MutationObserver(() => { if (check()) obs.disconnect(); });
    obs.observe(document.body, { subtree: true, childList: true, characterData: true });
  }); undefined`;
}

/**
 * Script for a page being loaded: resolves with the ms from navigation start
 * until an element matching `selector` is in the page (a first row, a first
 * item). A string, as armObserver, for the same reason.
 */
export function firstShown(selector: string): string {
  return `new Promise((resolve) => {
  const done = () => document.querySelector(${JSON.stringify(selector)});
  const watch = () => {
    if (done()) return resolve(performance.now());
    // Just after the navigation commits the document may have no element yet.
    if (!document.documentElement) return setTimeout(watch, 1);
    const obs = new MutationObserver(() => { if (done()) { obs.disconnect(); resolve(performance.now()); } });
    obs.observe(document.documentElement, { subtree: true, childList: true });
  };
  watch();
})`;
}
