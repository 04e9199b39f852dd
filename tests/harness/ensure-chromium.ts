/**
 * The end-to-end tests drive Debian's Chromium (test tools may not download
 * browsers here). On a fresh machine that lacks it, `npm test` installs it
 * through apt when it can (as root), as `.ci/run` does; otherwise it says in
 * one line what to install, and stops.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function apt(...args: string[]): boolean {
  const r = spawnSync('apt-get', args, {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return r.status === 0;
}

if (!existsSync(chromium)) {
  const canInstall =
    process.env.CHROMIUM_PATH === undefined &&
    process.getuid?.() === 0 &&
    spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
  if (canInstall) {
    console.log('e2e: Chromium is missing; installing Debian’s chromium with apt-get');
    const install = ['install', '-y', '--no-install-recommends', 'chromium'];
    if (!apt(...install)) apt('update') && apt(...install);
  }
  if (!existsSync(chromium)) {
    console.error(
      `e2e: the end-to-end tests need Chromium at ${chromium}: apt-get install chromium (or set CHROMIUM_PATH)`,
    );
    process.exit(1);
  }
}
