/**
 * Messages between the load bench (tests/bench/load.ts) and its client
 * processes (tests/bench/load-client.ts). Times are epoch milliseconds from
 * `performance.timeOrigin + performance.now()`: every process is on this
 * machine, so they compare.
 */
import type { AccessLevel } from '../../schema/enums.ts';
import type { Signed } from './load-data.ts';

export type App = 'ours' | 'bare';

/**
 * A viewer: what a screen subscribes to, as its signed-in person sees it: the
 * library screen of `libraryId`, or (`screen: 'home'`) a supporter's home
 * outside a session, whose "since your last visit" names `libraryId`'s
 * changes. `writes`: this viewer also writes as writer `writes` (the
 * provider's shape: the Decision Maker's own device), and its own writes do
 * not count as seen.
 */
export type ViewerSpec =
  | {
      app: 'ours';
      zeroUrl: string;
      who: Signed;
      libraryId: string;
      /** A supporter in a session (absent: the Decision Maker on a device of their own). */
      supporting?: { level: AccessLevel; sessionId: string };
      screen?: 'home' | undefined;
      writes?: number | undefined;
    }
  | {
      app: 'bare';
      zeroUrl: string;
      /** One person's rows (absent: the whole table, one library's copy). */
      libraryId?: string | undefined;
      screen?: 'home' | undefined;
      writes?: number | undefined;
    };

export type WriterSpec =
  | { app: 'ours'; zeroUrl: string; who: Signed; libraryId: string }
  | { app: 'bare'; zeroUrl: string };

/**
 * The row writer `w` changes: its id, the title its writes start from, and
 * whose library it is (a viewer watches its own library's targets).
 */
export type Target = { id: string; title: string; libraryId: string };

/** A planned write: writer `w`'s write `k`, due at `at`. */
export type PlannedWrite = [w: number, k: number, at: number];

export type ToClient =
  | { type: 'open'; step: string; viewers: ViewerSpec[]; targets: Target[] }
  /** The writes start: the viewers synced by now are the ones whose sightings count. */
  | { type: 'count' }
  | { type: 'writer'; step: string; w: number; spec: WriterSpec; target: Target }
  /** Writes to make: each process makes those of the writers it holds. */
  | { type: 'writes'; items: PlannedWrite[] }
  | { type: 'close' };

/**
 * `client`: an error a client logged (a connection attempt that timed out…);
 * `connection`: a client in a fatal state; `reconnect`: a connection lost
 * after it was up; `query`: a synced query that failed.
 */
export type Problem = 'client' | 'connection' | 'reconnect' | 'query';

export type FromClient =
  | { type: 'synced'; times: number[] }
  /** Per write (writer w, k-th write): how many counted viewers first had it, and when the last of them did. */
  | {
      type: 'seen';
      items: Array<[w: number, k: number, count: number, last: number, first: number]>;
    }
  /**
   * The viewers that count (synced by now): `n` in all, and per writer how
   * many of them watch its row (its own device not among them).
   */
  | { type: 'counted'; n: number; perTarget: number[] }
  | { type: 'problem'; kind: Problem; detail: string }
  | { type: 'writer-ready'; w: number }
  /** Write k of writer w was handed to the mutator at t0. */
  | { type: 'sent'; w: number; k: number; t0: number }
  /** Its `.server` promise resolved at `ack` (with `error`, when refused). */
  | { type: 'wrote'; w: number; k: number; ack: number; error?: string }
  /** Event-loop delay (ms) of the client process from `count` to `close`. */
  | { type: 'closed'; loopDelay: { p50: number; p99: number; max: number } };

/** `Title [step w0 #17]`: the 17th write of writer 0 in this step. */
export function taggedTitle(base: string, step: string, w: number, k: number): string {
  return `${base} [${step} w${w} #${k}]`;
}

const TAG = /\[(\S+) w(\d+) #(\d+)\]$/;

export function parseTag(title: string): { step: string; w: number; k: number } | undefined {
  const m = TAG.exec(title);
  if (!m?.[1]) return undefined;
  return { step: m[1], w: Number(m[2]), k: Number(m[3]) };
}

export function now(): number {
  return performance.timeOrigin + performance.now();
}
