/**
 * A small W3C WebDriver (classic) client, typed, for Debian's WebKitWebDriver
 * (webkit2gtk-driver). No client library: the ones there are fetch drivers and
 * browsers of their own, which may not happen here, and the dozen commands the
 * engine tests need are a few lines each (docs/decisions/039-three-engines.md).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { freePort, waitFor } from '../../api/dev/ports.ts';

/** An element reference, as the protocol names it. */
const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';

export type ElementRef = { [ELEMENT]: string };

export class WebDriverError extends Error {
  constructor(
    readonly error: string,
    message: string,
  ) {
    super(`${error}: ${message}`);
    this.name = 'WebDriverError';
  }
}

async function command<T>(
  url: string,
  method: 'GET' | 'POST' | 'DELETE',
  body?: unknown,
  timeoutMs?: number,
) {
  const res = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    ...(timeoutMs === undefined ? {} : { signal: AbortSignal.timeout(timeoutMs) }),
  });
  const json = (await res.json()) as { value: T | { error: string; message: string } };
  if (!res.ok) {
    const v = json.value as { error?: string; message?: string };
    throw new WebDriverError(v.error ?? String(res.status), v.message ?? '');
  }
  return json.value as T;
}

/** Keys of the protocol's key table (Element Send Keys). */
export const Key = {
  Null: '\uE000',
  Enter: '\uE007',
  Control: '\uE009',
  End: '\uE010',
  Home: '\uE011',
} as const;

export type Locator = { using: 'css selector' | 'xpath'; value: string };

/** One browser session: a window of the engine and its commands. */
export class WebDriverSession {
  constructor(
    readonly base: string,
    readonly id: string,
  ) {}

  #run<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown) {
    return command<T>(`${this.base}/session/${this.id}${path}`, method, body);
  }

  navigate(url: string) {
    return this.#run<null>('POST', '/url', { url });
  }
  currentUrl() {
    return this.#run<string>('GET', '/url');
  }
  /** Runs `script` (a function body) in the page; `arguments` holds `args`. */
  execute<T>(script: string, args: unknown[] = []) {
    return this.#run<T>('POST', '/execute/sync', { script, args });
  }
  executeAsync<T>(script: string, args: unknown[] = []) {
    return this.#run<T>('POST', '/execute/async', { script, args });
  }
  findAll(locator: Locator) {
    return this.#run<ElementRef[]>('POST', '/elements', locator);
  }
  click(el: ElementRef) {
    return this.#run<null>('POST', `/element/${el[ELEMENT]}/click`, {});
  }
  clear(el: ElementRef) {
    return this.#run<null>('POST', `/element/${el[ELEMENT]}/clear`, {});
  }
  sendKeys(el: ElementRef, text: string) {
    return this.#run<null>('POST', `/element/${el[ELEMENT]}/value`, { text });
  }
  /** Types into whatever has focus (Perform Actions), leaving the caret where it is. */
  keys(text: string) {
    const actions = [...text].flatMap((value) => [
      { type: 'keyDown', value },
      { type: 'keyUp', value },
    ]);
    return this.#run<null>('POST', '/actions', {
      actions: [{ type: 'key', id: 'keyboard', actions }],
    });
  }
  displayed(el: ElementRef) {
    return this.#run<boolean>('GET', `/element/${el[ELEMENT]}/displayed`);
  }
  addCookie(cookie: {
    name: string;
    value: string;
    path?: string;
    httpOnly?: boolean;
    sameSite?: 'Lax' | 'Strict' | 'None';
  }) {
    return this.#run<null>('POST', '/cookie', { cookie });
  }
  windowHandle() {
    return this.#run<string>('GET', '/window');
  }
  newWindow() {
    return this.#run<{ handle: string }>('POST', '/window/new', { type: 'tab' });
  }
  switchTo(handle: string) {
    return this.#run<null>('POST', '/window', { handle });
  }
  closeWindow() {
    return this.#run<string[]>('DELETE', '/window');
  }
  setWindowRect(rect: { width: number; height: number }) {
    return this.#run<unknown>('POST', '/window/rect', rect);
  }
  end() {
    return command<null>(`${this.base}/session/${this.id}`, 'DELETE');
  }
}

/** A running WebKitWebDriver, on a free port, stopped by its PID. */
export type Driver = {
  readonly base: string;
  /**
   * A new browser session. WebKitWebDriver now and then never answers the
   * request on a loaded machine (its MiniBrowser started but not reported):
   * after `timeoutMs` the driver and the browsers it started are stopped, a
   * fresh one is started, and the session is asked for once more.
   */
  newSession: (
    capabilities: Record<string, unknown>,
    opts?: { timeoutMs?: number },
  ) => Promise<WebDriverSession>;
  stop: () => Promise<void>;
};

type Running = { child: ChildProcess; base: string; said: () => string };

async function launch(
  executable: string,
  env: Record<string, string | undefined>,
): Promise<Running> {
  const port = await freePort();
  // A process group of its own, so that stopping it also stops the
  // MiniBrowsers it started (they are its children, not the test's).
  const child: ChildProcess = spawn(executable, [`--port=${port}`, '--host=local'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  let said = '';
  child.stderr?.on('data', (d: Buffer) => {
    said = `${said}${d.toString()}`.slice(-2000);
  });
  const base = `http://127.0.0.1:${port}`;
  const up = await waitFor(
    () =>
      fetch(`${base}/status`).then(
        (r) => r.ok,
        () => false,
      ),
    { timeoutMs: 10_000 },
  );
  if (!up) {
    await halt(child);
    throw new Error(`${executable} did not answer on port ${port}: ${said}`);
  }
  return { child, base, said: () => said };
}

/** Stops the driver's process group: SIGTERM, then SIGKILL after 3 s. */
async function halt(child: ChildProcess) {
  if (child.pid === undefined) return;
  const group = -child.pid;
  const signal = (s: NodeJS.Signals) => {
    try {
      process.kill(group, s);
    } catch {
      // The group is gone already.
    }
  };
  const exited =
    child.exitCode === null && child.signalCode === null
      ? new Promise((resolve) => child.once('exit', resolve))
      : Promise.resolve();
  signal('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
  signal('SIGKILL');
}

export async function startDriver(
  executable: string,
  env: Record<string, string | undefined>,
): Promise<Driver> {
  let running = await launch(executable, env);
  const ask = async (capabilities: Record<string, unknown>, timeoutMs: number) => {
    const v = await command<{ sessionId: string }>(
      `${running.base}/session`,
      'POST',
      { capabilities: { alwaysMatch: capabilities } },
      timeoutMs,
    );
    return new WebDriverSession(running.base, v.sessionId);
  };
  return {
    get base() {
      return running.base;
    },
    async newSession(capabilities, { timeoutMs = 30_000 } = {}) {
      try {
        return await ask(capabilities, timeoutMs);
      } catch (first) {
        const said = running.said();
        await halt(running.child);
        running = await launch(executable, env);
        try {
          return await ask(capabilities, timeoutMs);
        } catch (second) {
          throw new Error(
            `${executable} gave no session twice: ${String(first)}; then ${String(second)}; it said: ${said}`,
          );
        }
      }
    },
    stop: () => halt(running.child),
  };
}
