/** `npm run build`: builds dist/web and stamps it with its sources' hash (npm start then skips the build). */
import { describeFailure } from './errors.ts';
import { ensureWebBuild } from './web-build.ts';

try {
  await ensureWebBuild((line) => console.log(line));
  console.log('dist/web is up to date.');
} catch (e) {
  console.error(describeFailure(e, 'build'));
  process.exitCode = 1;
}
