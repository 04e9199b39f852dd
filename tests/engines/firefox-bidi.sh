#!/bin/sh
# Debian's Firefox ESR for Playwright, through the BiDi relay of firefox-bidi.ts
# (run by the project's own Node 22, which runs TypeScript as it is).
here="$(cd "$(dirname "$0")" && pwd)"
exec "$here/../../node_modules/node/bin/node" --no-warnings "$here/firefox-bidi.ts" "$@"
