/**
 * Where an edit's time goes, for the edit benchmarks
 * (run.ts, bare-control.ts): an init script wraps each page's WebSocket and
 * stamps the Zero frames that mark the way of a change, so that one change's
 * time splits into
 *   - the editor: from the submit to its `push` frame leaving the page;
 *   - the servers: from that push to the viewer's `pokeStart` (zero-cache,
 *     the API's mutate endpoint, Postgres, replication, the viewer's advance);
 *   - the poke: from the viewer's `pokeStart` to its `pokeEnd` (the frames
 *     of one poke, and the viewer's work between them);
 *   - the viewer: from its `pokeEnd` to the change in its DOM;
 * and, beside the servers, the same from the push to the editor's own
 * `pokeStart` (whose group zero-cache advanced first).
 * A string, not a function: tsx's keepNames would inject a helper the page lacks.
 */
import type { Page } from 'playwright-core';
import { summarise } from './stats.ts';

export const wsStamps = `(() => {
  const Base = window.WebSocket;
  const stamps = { push: [], pokeStart: [], pokeEnd: [] };
  window.__wsStamps = stamps;
  const now = () => performance.timeOrigin + performance.now();
  class Stamped extends Base {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (e) => {
        if (typeof e.data !== 'string') return;
        if (e.data.startsWith('["pokeStart"')) stamps.pokeStart.push(now());
        else if (e.data.startsWith('["pokeEnd"')) stamps.pokeEnd.push(now());
      });
    }
    send(data) {
      if (typeof data === 'string' && data.startsWith('["push"')) stamps.push.push(now());
      return super.send(data);
    }
  }
  window.WebSocket = Stamped;
})();`;

type Stamps = { push: number[]; pokeStart: number[]; pokeEnd: number[] };

const read = async (page: Page) => (await page.evaluate('window.__wsStamps')) as Stamps;

/** One change's split: t0 the editor's submit, t1 the change in the viewer's DOM. */
export async function splitOf(editor: Page, viewer: Page, t0: number, t1: number) {
  const [ed, vw] = await Promise.all([read(editor), read(viewer)]);
  const push = ed.push.find((t) => t >= t0);
  // The poke that carried the change: the last one to end before it showed.
  const pokeEnd = vw.pokeEnd.filter((t) => t <= t1).at(-1);
  const pokeStart =
    pokeEnd === undefined ? undefined : vw.pokeStart.filter((t) => t <= pokeEnd).at(-1);
  if (push === undefined || pokeStart === undefined || pokeEnd === undefined || pokeStart < push) {
    return undefined;
  }
  // The editor's own poke: its group advanced past the change (ahead of the viewer's, or after).
  const writerPoke = ed.pokeStart.find((t) => t >= push);
  return {
    editor: push - t0,
    servers: pokeStart - push,
    writerServers: writerPoke === undefined ? Number.NaN : writerPoke - push,
    poke: pokeEnd - pokeStart,
    viewer: t1 - pokeEnd,
  };
}

export type Split = NonNullable<Awaited<ReturnType<typeof splitOf>>>;

/** p50 of each part over the changes whose frames were all seen. */
export function summariseSplit(splits: Split[]) {
  return {
    n: splits.length,
    editor: summarise(splits.map((s) => s.editor)).p50,
    servers: summarise(splits.map((s) => s.servers)).p50,
    writerServers: summarise(splits.map((s) => s.writerServers).filter((t) => Number.isFinite(t)))
      .p50,
    poke: summarise(splits.map((s) => s.poke)).p50,
    viewer: summarise(splits.map((s) => s.viewer)).p50,
  };
}

export type SplitSummary = ReturnType<typeof summariseSplit>;
