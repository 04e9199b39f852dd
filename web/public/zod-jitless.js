// Zod 4 compiles parsers with `new Function` when it may, and finds out by
// trying, as each object schema is made. The app's CSP allows scripts from
// itself only (no 'unsafe-eval', docs/decisions/013), so that probe would be
// refused and reported on every page. Zod reads its settings from this
// global; this classic script runs before any module of the app.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, {
  jitless: true,
});
