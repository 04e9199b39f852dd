/**
 * Runs `fn` on the next task, after every microtask queued now (a message on
 * a channel: not clamped or throttled like a timer).
 *
 * Why: a change commits in the browser and then sends its push to the server
 * in a chain of microtasks (Zero 1.9), while React renders in a microtask
 * queued when a store tells it of new state. A store that tells React at once
 * gets the screen rendered before the push leaves; one that tells it on the
 * next task lets the push go first. Zero's `useQuery` is patched to the same
 * effect (patches/@rocicorp+zero+1.9.0.patch, zero-react's use-query.js).
 */
const queue: (() => void)[] = [];
let channel: MessageChannel | undefined;

export function afterThisTask(fn: () => void): void {
  if (typeof MessageChannel === 'undefined') {
    setTimeout(fn, 0);
    return;
  }
  if (!channel) {
    channel = new MessageChannel();
    channel.port1.onmessage = () => {
      for (const run of queue.splice(0)) run();
    };
    // Node (unit tests): a listening port would keep the process alive.
    (channel.port1 as { unref?: () => void }).unref?.();
  }
  queue.push(fn);
  if (queue.length === 1) channel.port2.postMessage(null);
}

/** Resolves on the next task: by then a change sent now has left the page. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => afterThisTask(resolve));
}
