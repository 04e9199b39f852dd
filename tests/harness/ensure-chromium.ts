/**
 * The end-to-end tests drive Debian's browsers (test tools may not download
 * them here): Chromium for the app's tests, and Firefox ESR and WebKitGTK's
 * WebDriver on an Xvfb display for the care visit in the other engines
 * (tests/engines/, ADR 039). On a fresh machine that lacks one, `npm test`
 * installs it through apt when it can (as root), as `.ci/run` does; otherwise
 * it says in one line what to install, and stops.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Each program the run needs, by the Debian package that brings it. */
const needed: Array<{ path: string; pkg: string; settable: boolean }> = [
  { path: chromium, pkg: 'chromium', settable: process.env.CHROMIUM_PATH !== undefined },
  { path: '/usr/bin/firefox-esr', pkg: 'firefox-esr', settable: false },
  { path: '/usr/bin/WebKitWebDriver', pkg: 'webkit2gtk-driver', settable: false },
  { path: '/usr/bin/Xvfb', pkg: 'xvfb', settable: false },
  { path: '/usr/bin/xauth', pkg: 'xauth', settable: false },
];

function apt(...args: string[]): boolean {
  const r = spawnSync('apt-get', args, {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return r.status === 0;
}

const missing = () => needed.filter((n) => !existsSync(n.path));
const toInstall = missing().filter((n) => !n.settable);
if (toInstall.length > 0) {
  const canInstall =
    process.getuid?.() === 0 &&
    spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
  if (canInstall) {
    const pkgs = toInstall.map((n) => n.pkg);
    console.log(`e2e: missing ${pkgs.join(', ')}; installing Debian’s packages with apt-get`);
    const install = ['install', '-y', '--no-install-recommends', ...pkgs];
    if (!apt(...install)) apt('update') && apt(...install);
  }
}
const still = missing();
if (still.length > 0) {
  console.error(
    `e2e: the end-to-end tests need ${still.map((n) => n.path).join(', ')}: apt-get install ${still.map((n) => n.pkg).join(' ')}${still.some((n) => n.pkg === 'chromium') ? ' (or set CHROMIUM_PATH)' : ''}`,
  );
  process.exit(1);
}
