/**
 * Messages between the load bench (tests/bench/load.ts) and its client
 * processes (tests/bench/load-client.ts). Times are epoch milliseconds from
 * `performance.timeOrigin + performance.now()`: every process is on this
 * machine, so they compare.
 */
import type { AccessLevel } from '../../schema/enums.ts';
import type { Signed } from './load-data.ts';

export type App = 'ours' | 'bare';

/** A viewer: what the library screen subscribes to, as its signed-in person sees it. */
export type ViewerSpec =
  | {
      app: 'ours';
      zeroUrl: string;
      who: Signed;
      libraryId: string;
      /** A supporter in a session (absent: the Decision Maker on a device of their own). */
      supporting?: { level: AccessLevel; sessionId: string };
    }
  | { app: 'bare'; zeroUrl: string };

export type WriterSpec =
  | { app: 'ours'; zeroUrl: string; who: Signed; libraryId: string }
  | { app: 'bare'; zeroUrl: string };

/** The row writer `w` changes: its id, and the title its writes start from. */
export type Target = { id: string; title: string };

export type ToClient =
  | { type: 'open'; step: string; viewers: ViewerSpec[]; targets: Target[] }
  /** The writes start: the viewers synced by now are the ones whose sightings count. */
  | { type: 'count' }
  | { type: 'writer'; step: string; w: number; spec: WriterSpec; target: Target }
  /**
   * Writer `w` writes `count` times, one every `intervalMs`, the first at
   * `at`, numbered from `first` (a step's later phases go on from its earlier ones).
   */
  | { type: 'write'; w: number; at: number; intervalMs: number; count: number; first: number }
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
  | { type: 'counted'; n: number }
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
