/**
 * A virtual X display for WebKitGTK's MiniBrowser, which has no headless mode
 * in Debian's WebKitGTK 2.50 (headless is WPE's). Xvfb picks a free display
 * number itself (`-displayfd`), so runs beside each other never meet; it is
 * stopped by its PID.
 */
import { spawn } from 'node:child_process';

export type Display = { display: string; stop: () => Promise<void> };

export const XVFB = '/usr/bin/Xvfb';

export async function startXvfb(): Promise<Display> {
  // fd 3 is where Xvfb writes the display number it chose, once it accepts connections.
  const child = spawn(
    XVFB,
    ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'],
    {
      stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
    },
  );
  let said = '';
  child.stderr?.on('data', (d: Buffer) => {
    said = `${said}${d.toString()}`.slice(-2000);
  });
  const fd3 = child.stdio[3];
  if (!fd3 || !('on' in fd3)) throw new Error('Xvfb: no display pipe');
  const number = await new Promise<string>((resolve, reject) => {
    let got = '';
    const timer = setTimeout(() => reject(new Error(`Xvfb did not start: ${said}`)), 10_000);
    fd3.on('data', (d: Buffer) => {
      got += d.toString();
      if (got.includes('\n')) {
        clearTimeout(timer);
        resolve(got.trim());
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Xvfb exited (${code}): ${said}`));
    });
  });
  return {
    display: `:${number}`,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}
