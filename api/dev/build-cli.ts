/**
 * `npm run build`: the web app (dist/web, stamped with its sources' hash, so
 * that `npm start` skips the build) and the production entry
 * (dist/server/main.mjs, api/dev/server-build.ts).
 */
import { describeFailure } from '../startup-errors.ts';
import { buildServer } from './server-build.ts';
import { ensureWebBuild } from './web-build.ts';

try {
  await ensureWebBuild((line) => console.log(line));
  console.log('dist/web is up to date.');
  await buildServer();
  console.log('dist/server/main.mjs is built.');
} catch (e) {
  console.error(describeFailure(e, 'build'));
  process.exitCode = 1;
}
