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

async function command<T>(url: string, method: 'GET' | 'POST' | 'DELETE', body?: unknown) {
  const res = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
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
  base: string;
  newSession: (capabilities: Record<string, unknown>) => Promise<WebDriverSession>;
  stop: () => Promise<void>;
};

export async function startDriver(
  executable: string,
  env: Record<string, string | undefined>,
): Promise<Driver> {
  const port = await freePort();
  const child: ChildProcess = spawn(executable, [`--port=${port}`, '--host=local'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
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
    child.kill('SIGKILL');
    throw new Error(`${executable} did not answer on port ${port}: ${said}`);
  }
  return {
    base,
    async newSession(capabilities) {
      const v = await command<{ sessionId: string }>(`${base}/session`, 'POST', {
        capabilities: { alwaysMatch: capabilities },
      });
      return new WebDriverSession(base, v.sessionId);
    },
    async stop() {
      if (child.exitCode !== null || child.pid === undefined) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}
