/**
 * The outbox: every change this browser makes, kept in IndexedDB until the
 * server has answered it (docs/decisions/018-offline.md).
 *
 * Zero queues a change made while it is connecting and sends it when the
 * connection returns, but it keeps its queue in memory for up to a second
 * before storing it, and it refuses changes once it counts as disconnected.
 * So each change is written here first, by its change name and arguments
 * (sync/mutators.ts), and removed when the server accepted or refused it.
 * What is left when the app starts again (a reload, a closed tab, a crash) is
 * replayed through the same mutators, in order. Replaying is safe: a create
 * whose id exists, a delete of what is gone, an update to values already
 * stored, all change nothing (sync/conflict.ts), so a change Zero had kept as
 * well lands once.
 *
 * Shared text (a description, a note's body) has its own store (y-indexeddb);
 * the outbox only remembers which texts hold typing the server may lack, so
 * that they are sent even if nobody opens them again (web/offline/text-flush.ts).
 */
import type { MutateRequest, Zero } from '@rocicorp/zero';
import { createStore, del, entries, set, type UseStore } from 'idb-keyval';
import { OUTBOX_KEY } from '../../sync/change.ts';
import { crossedByOurs, overTheirs, theirsOf } from '../../sync/conflict.ts';
import { codeOf } from '../../sync/errors.ts';
import { mutators } from '../../sync/mutators.ts';
import type { TextTarget } from '../../sync/shared-text.ts';
import { messages } from '../messages.ts';
import { afterThisTask } from './after-task.ts';

/** How a write ended, for the screen that made it. */
export type Outcome =
  | { type: 'saved' }
  /** Kept on this device; sent when the connection returns. */
  | { type: 'waiting' }
  | {
      type: 'refused';
      message: string;
      code: string | undefined;
      /** For `changed`: the values stored now (sync/conflict.ts). */
      theirs: Record<string, unknown> | undefined;
    };

type Entry = {
  kind: 'change';
  key: string;
  name: string;
  args: unknown;
  at: number;
};
export type TextEntry = {
  kind: 'text';
  key: string;
  personId: string;
  target: TextTarget;
  at: number;
};

/** A change sent while nobody was waiting for it, and refused: the person decides. */
export type Problem = {
  key: string;
  name: string;
  args: Record<string, unknown>;
  message: string;
  code: string | undefined;
  theirs: Record<string, unknown> | undefined;
};

export type OutboxState = {
  /** Changes (and texts) the server has not answered yet. */
  waiting: number;
  problems: readonly Problem[];
};

// biome-ignore lint/suspicious/noExplicitAny: a mutate request of any change.
type AnyRequest = MutateRequest<any, any, any, any>;
type AnyZero = Zero;

/**
 * How the server answered a change, asked by its outbox key (api/zero/answers.ts):
 * refused (with what the screen shows), or not refused. Rejects when it cannot be asked.
 */
export type AskAnswer = (
  key: string,
) => Promise<
  { refused: false } | { refused: true; code: string | null; message: string; details: unknown }
>;

/** How many of the changes this page sent it remembers (see `#landed`). */
const RECENT_KEPT = 500;

/** The pauses of `#retrySoon`: the first, and the longest it grows to. */
const RETRY_FIRST_MS = 1_000;
const RETRY_LONGEST_MS = 30_000;

/** How long a screen waits for the server's answer before saying "waiting". */
const ANSWER_WAIT_MS = 8_000;

/** The change of a stored name ("preference.update"), or undefined if this code has none. */
function mutatorNamed(name: string): ((args: unknown) => AnyRequest) | undefined {
  const [group, change] = name.split('.');
  const found = (mutators as unknown as Record<string, Record<string, unknown>>)[group ?? '']?.[
    change ?? ''
  ];
  return typeof found === 'function' ? (found as (args: unknown) => AnyRequest) : undefined;
}

function refusal(error: { type: string; message: string; details?: unknown }): Outcome {
  if (error.type !== 'app') {
    // Zero's own errors are about the connection; the change is kept and sent later.
    return { type: 'waiting' };
  }
  return {
    type: 'refused',
    message: error.message || messages.errors.generic,
    code: codeOf(error.details),
    theirs: theirsOf(error.details),
  };
}

export class Outbox {
  readonly #zero: AnyZero;
  readonly #store: UseStore;
  readonly #changes = new Map<string, Entry>();
  readonly #texts = new Map<string, TextEntry>();
  /**
   * Changes whose answer a failed connection took away: Zero refuses changes
   * while it sits in its error state (the API or zero-cache went away) and
   * drops its promises of those it had sent. Each is sent again once connected
   * (`resend`); if Zero kept and re-sent it too, the second changes nothing.
   */
  readonly #unsure = new Set<string>();
  /**
   * Changes Zero settled as done that the server may have refused: their
   * answer is asked for (`#confirm`) before they count as saved. Zero settles a
   * change as done once the client's last mutation id passes it, unless the
   * refusal reached it first; after a lost connection it often has not.
   */
  readonly #unconfirmed = new Set<string>();
  /** Texts a page has open now, with how many (see `textOpen`). */
  readonly #open = new Map<string, number>();
  /** The changes this page sent, newest last (a few hundred): what a refused replay is checked against. */
  readonly #recent: Entry[] = [];
  /** Changes whose answer is being asked for now. */
  readonly #asking = new Set<string>();
  /** Counts the connections lost: a change's answer that came after one is confirmed first. */
  #lost = 0;
  readonly #ask: AskAnswer;
  #resending: Promise<void> | undefined;
  #retryTimer: ReturnType<typeof setTimeout> | undefined;
  #retryDelay = RETRY_FIRST_MS;
  /** A change was kept back while a pass of `resend` ran: it runs once more. */
  #resendAgain = false;
  #problems: Problem[] = [];
  #state: OutboxState = { waiting: 0, problems: [] };
  readonly #listeners = new Set<() => void>();
  /** Replays and text flushes started by `start`. */
  readonly ready: Promise<void>;
  #textFlush: ((e: TextEntry) => Promise<boolean>) | undefined;

  constructor(zero: AnyZero, userID: string, ask: AskAnswer) {
    this.#zero = zero;
    this.#ask = ask;
    this.#store = createStore(`pb-outbox:${userID}`, 'entries');
    zero.connection.state.subscribe((s) => {
      if (s.name !== 'connected') this.#lost++;
    });
    this.ready = this.#start().catch(() => {});
  }

  /** Sends a change: kept in IndexedDB until the server answers it. */
  async write(request: AnyRequest): Promise<Outcome> {
    const key = crypto.randomUUID();
    const name = request.mutator.mutatorName;
    // The key travels with the change, so that the server can say how it was answered.
    const args = { ...(request.args as Record<string, unknown>), [OUTBOX_KEY]: key };
    const make = mutatorNamed(name);
    const entry: Entry = {
      kind: 'change',
      key,
      name,
      args: make ? args : request.args,
      at: Date.now(),
    };
    this.#changes.set(entry.key, entry);
    this.#changed();
    this.#recent.push(entry);
    if (this.#recent.length > RECENT_KEPT) this.#recent.shift();
    const stored = set(entry.key, entry, this.#store).catch(() => {});
    if (this.#unsure.size > 0) {
      // Earlier changes wait to be sent again: this one goes after them, in
      // order, never before (a later save of a field builds on an earlier one,
      // and would be refused as crossing if it arrived first).
      await stored;
      this.#unsure.add(entry.key);
      if (this.#resending) this.#resendAgain = true;
      else if (this.#zero.connection.state.current.name === 'connected') this.resend();
      return { type: 'waiting' };
    }
    const lostBefore = this.#lost;
    const result = this.#zero.mutate(make ? make(args) : request);
    const local = await result.client;
    if (local.type === 'error') {
      await stored;
      const outcome = refusal(local.error);
      if (outcome.type === 'waiting') {
        // Refused by Zero for its connection: kept, and sent once connected.
        this.#unsure.add(entry.key);
        return outcome;
      }
      // Refused here already (the browser holds enough to know): nothing was sent.
      await this.#remove(entry.key);
      return outcome;
    }
    await stored;
    // Whether the screen that made the change is still waiting for its answer:
    // if so it shows a refusal itself; if not, a refusal becomes a problem.
    // A device the browser says is offline may still hold a socket that looks
    // open: nothing sent on it arrives, so the screen says "waiting" at once.
    let screenWaits =
      this.#zero.connection.state.current.name === 'connected' && navigator.onLine !== false;
    const answer = result.server.then(async (r) => {
      let outcome = r.type === 'success' ? ({ type: 'saved' } as const) : refusal(r.error);
      // Settled as done after a lost connection: the server is asked first.
      if (outcome.type === 'saved' && this.#lost !== lostBefore)
        outcome = await this.#confirm(entry);
      if (outcome.type === 'waiting') {
        if (!this.#unconfirmed.has(entry.key)) this.#unsure.add(entry.key);
        this.#retrySoon();
        return outcome;
      }
      await this.#remove(entry.key);
      if (outcome.type === 'refused' && !screenWaits) this.#problem(entry, outcome);
      return outcome;
    });
    if (!screenWaits) return { type: 'waiting' };
    const timer = new Promise<Outcome>((resolve) =>
      setTimeout(() => {
        screenWaits = false;
        resolve({ type: 'waiting' });
      }, ANSWER_WAIT_MS),
    );
    return Promise.race([answer, timer]);
  }

  /**
   * The arguments of this device's changes named `name` to the record `id`
   * that the server has not answered yet, oldest first: what a form that opens
   * now must start from, since some may not show in the synced rows yet (Zero
   * keeps no change it refused while it had no connection; the outbox does).
   */
  unanswered(name: string, id: string): Record<string, unknown>[] {
    return [...this.#changes.values()]
      .filter((e) => e.name === name && (e.args as { id?: unknown } | null)?.id === id)
      .sort((a, b) => a.at - b.at)
      .map((e) => e.args as Record<string, unknown>);
  }

  /** A shared text whose typing the server may not have yet (until `textLanded`). */
  textWaiting(personId: string, target: TextTarget) {
    const key = `text:${target.noteId ?? target.preferenceId}`;
    if (this.#texts.has(key)) return;
    const entry: TextEntry = { kind: 'text', key, personId, target, at: Date.now() };
    this.#texts.set(key, entry);
    this.#changed();
    void set(key, entry, this.#store).catch(() => {});
  }

  /**
   * A page has this text open: it sends its typing itself, and says when it
   * landed. The flush of texts left by earlier pages leaves it alone, since
   * it reads the stored copy, which may lag behind what is being typed.
   * Returns the release, for when the page closes it.
   */
  textOpen(target: TextTarget): () => void {
    const key = `text:${target.noteId ?? target.preferenceId}`;
    this.#open.set(key, (this.#open.get(key) ?? 0) + 1);
    return () => {
      const n = (this.#open.get(key) ?? 1) - 1;
      if (n > 0) this.#open.set(key, n);
      else this.#open.delete(key);
    };
  }

  textLanded(target: TextTarget) {
    const key = `text:${target.noteId ?? target.preferenceId}`;
    if (!this.#texts.has(key)) return;
    this.#texts.delete(key);
    this.#changed();
    void del(key, this.#store).catch(() => {});
  }

  /**
   * Connected again: sends, in order, the changes whose answer a failed
   * connection took away. One pass at a time; a change whose answer is lost
   * again waits for the next connection.
   */
  resend() {
    if (this.#resending) {
      this.#resendAgain = true;
      return;
    }
    this.#resending = this.ready
      .then(async () => {
        do {
          // Changes made while this pass ran wait behind it: one more pass for them.
          this.#resendAgain = false;
          const all = [...this.#changes.values()].sort((a, b) => a.at - b.at);
          for (const [i, e] of all.entries()) {
            if (this.#unconfirmed.has(e.key)) {
              // Asked about once at a time: an answer on its way settles it.
              if (!this.#asking.has(e.key)) await this.#settleConfirmed(e, all.slice(i + 1));
              continue;
            }
            if (!this.#unsure.delete(e.key)) continue;
            await this.#replay(e, all.slice(i + 1));
          }
        } while (this.#resendAgain && this.#zero.connection.state.current.name === 'connected');
      })
      .catch(() => {})
      .finally(() => {
        this.#resending = undefined;
      });
  }

  /**
   * A change's answer was lost, or could not be asked for, while the
   * connection stayed up (zero-cache stays connected while Postgres restarts,
   * so no reconnect would send it): `resend` runs again after a pause that
   * grows from 1 s to 30 s, until nothing is left to send or ask about.
   */
  #retrySoon() {
    if (this.#retryTimer !== undefined) return;
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = undefined;
      const left = this.#unsure.size + this.#unconfirmed.size;
      if (left === 0) {
        this.#retryDelay = RETRY_FIRST_MS;
        return;
      }
      this.#retryDelay = Math.min(this.#retryDelay * 2, RETRY_LONGEST_MS);
      if (this.#zero.connection.state.current.name === 'connected') this.resend();
      // Not connected: the reconnect sends them; asked again meanwhile all the same.
      this.#retrySoon();
    }, this.#retryDelay);
  }

  /** Sends texts left waiting by an earlier page (set once by the text flusher). */
  setTextFlush(flush: (e: TextEntry) => Promise<boolean>) {
    this.#textFlush = flush;
    this.flushTexts();
  }

  /** The person chose: keep theirs (drop mine), or keep mine (send it again over theirs). */
  async decide(problem: Problem, keep: 'mine' | 'theirs'): Promise<Outcome | undefined> {
    this.#problems = this.#problems.filter((p) => p.key !== problem.key);
    this.#changed();
    if (keep === 'theirs' || !problem.theirs) return undefined;
    const make = mutatorNamed(problem.name);
    if (!make) return undefined;
    return this.write(make(overTheirs(problem.args, problem.theirs)));
  }

  dismiss(problem: Problem) {
    this.#problems = this.#problems.filter((p) => p.key !== problem.key);
    this.#changed();
  }

  /** Sign-out: closes the database, so that it can be deleted. */
  async close() {
    await this.#store('readonly', (s) => s.transaction.db.close()).catch(() => {});
  }

  subscribe = (listener: () => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  get state(): OutboxState {
    return this.#state;
  }

  async #start() {
    let stored: [IDBValidKey, Entry | TextEntry][] = [];
    try {
      stored = await entries<IDBValidKey, Entry | TextEntry>(this.#store);
    } catch {
      return; // No IndexedDB (a private window of some browsers): nothing was kept.
    }
    const changes = stored
      .map(([, v]) => v)
      .filter((v): v is Entry => v?.kind === 'change')
      .sort((a, b) => a.at - b.at);
    for (const v of stored.map(([, v]) => v)) {
      if (v?.kind === 'text') this.#texts.set(v.key, v);
    }
    for (const e of changes) this.#changes.set(e.key, e);
    this.#changed();
    // In order, before anything new: a later change of the same field builds on an earlier one.
    for (const [i, e] of changes.entries()) await this.#replay(e, changes.slice(i + 1));
  }

  async #replay(entry: Entry, later: Entry[]) {
    const make = mutatorNamed(entry.name);
    if (!make) return this.#remove(entry.key); // A change this version no longer has.
    // Marked as sent again: a create already done then does nothing (sync/conflict.ts).
    const args = { ...(entry.args as Record<string, unknown>), replayed: true };
    const result = this.#zero.mutate(make(args));
    const local = await result.client;
    if (local.type === 'error') {
      const outcome = refusal(local.error);
      if (outcome.type === 'waiting') {
        this.#unsure.add(entry.key);
        return;
      }
      await this.#remove(entry.key);
      if (outcome.type === 'refused' && !this.#landed(entry, outcome, later)) {
        this.#problem(entry, outcome);
      }
      return;
    }
    void result.server.then(async (r) => {
      if (r.type === 'success') {
        // A change sent again may have been refused the first time, an answer
        // Zero took as done: the server is asked.
        await this.#settleConfirmed(entry, later);
        return;
      }
      const outcome = refusal(r.error);
      if (outcome.type === 'waiting') {
        this.#unsure.add(entry.key);
        this.#retrySoon();
        return;
      }
      await this.#remove(entry.key);
      if (outcome.type === 'refused' && !this.#landed(entry, outcome, later)) {
        this.#problem(entry, outcome);
      }
    });
  }

  /**
   * Zero settled the change as done: saved, unless the server refused it
   * (api/zero/answers.ts). When the server cannot be asked now, the change
   * stays waiting and is asked about at the next connection (`resend`).
   */
  async #confirm(entry: Entry): Promise<Outcome> {
    this.#unconfirmed.add(entry.key);
    let answer: Awaited<ReturnType<AskAnswer>>;
    const asking = this.#ask(entry.key);
    this.#asking.add(entry.key);
    try {
      answer = await asking;
    } catch {
      return { type: 'waiting' };
    } finally {
      this.#asking.delete(entry.key);
    }
    this.#unconfirmed.delete(entry.key);
    if (!answer.refused) return { type: 'saved' };
    return {
      type: 'refused',
      message: answer.message || messages.errors.generic,
      code: answer.code ?? codeOf(answer.details),
      theirs: theirsOf(answer.details),
    };
  }

  /** A change Zero settled as done, once the server says how it was answered. */
  async #settleConfirmed(entry: Entry, later: Entry[]) {
    const outcome = await this.#confirm(entry);
    if (outcome.type === 'waiting') {
      this.#retrySoon();
      return;
    }
    await this.#remove(entry.key);
    if (outcome.type === 'refused' && !this.#landed(entry, outcome, later)) {
      this.#problem(entry, outcome);
    }
  }

  /**
   * A refused replay that had in fact landed: a create whose id exists (it was
   * made), a delete of what is gone, or a field now holding what a later
   * change of ours set (both were kept by Zero and sent already, or the later
   * one landed first).
   */
  #landed(entry: Entry, outcome: Extract<Outcome, { type: 'refused' }>, later: Entry[]) {
    if (outcome.code === 'conflict' && entry.name.endsWith('.create')) return true;
    if (outcome.code === 'not_found' && entry.name.endsWith('.delete')) return true;
    if (outcome.code === 'changed' && outcome.theirs) {
      const id = (entry.args as { id?: unknown }).id;
      // Later changes of ours: still waiting, or already answered (the one that
      // landed first and made this one's base out of date).
      const mine = [...later, ...this.#recent.filter((r) => r.at > entry.at)].filter(
        (l) => l.name === entry.name && (l.args as { id?: unknown }).id === id,
      );
      return crossedByOurs(
        outcome.theirs,
        mine.map((l) => l.args as Record<string, unknown>),
      );
    }
    return false;
  }

  async #flushTexts() {
    const flush = this.#textFlush;
    if (!flush) return;
    for (const t of [...this.#texts.values()]) {
      if (this.#open.has(t.key)) continue;
      try {
        if (await flush(t)) this.textLanded(t.target);
      } catch {
        // Left for the next start.
      }
    }
  }

  /** Runs the text flush again (once a flusher is set, or back online). */
  flushTexts() {
    void this.ready.then(() => this.#flushTexts());
  }

  #problem(entry: Entry, outcome: Extract<Outcome, { type: 'refused' }>) {
    this.#problems = [
      ...this.#problems,
      {
        key: entry.key,
        name: entry.name,
        args: (entry.args ?? {}) as Record<string, unknown>,
        message: outcome.message,
        code: outcome.code,
        theirs: outcome.theirs,
      },
    ];
    this.#changed();
  }

  async #remove(key: string) {
    this.#changes.delete(key);
    this.#unsure.delete(key);
    this.#unconfirmed.delete(key);
    this.#changed();
    await del(key, this.#store).catch(() => {});
  }

  #changed() {
    this.#state = { waiting: this.#changes.size + this.#texts.size, problems: this.#problems };
    // The state is current at once; its listeners (the status line) hear of it
    // on the next task, so that a change's push leaves before they render.
    if (this.#notifying) return;
    this.#notifying = true;
    afterThisTask(() => {
      this.#notifying = false;
      for (const l of this.#listeners) l();
    });
  }
  #notifying = false;
}
