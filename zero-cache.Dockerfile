# zero-cache as the stack runs it: the official image, with the fix in
# patches/ (ADR 031). zero-cache hands each WebSocket from the process that
# accepted it to a sync worker; unpatched, Node drops what the first process
# still reads from the socket until the worker acknowledges it, and a client's
# first message could be lost. The image installs Zero globally
# (`npm install -g`), so the patch's node_modules/... paths apply from the
# directory above the global node_modules.
FROM rocicorp/zero:1.9.0
COPY patches/@rocicorp+zero+1.9.0.patch /tmp/zero.patch
RUN command -v patch >/dev/null \
      || apk add --no-cache patch 2>/dev/null \
      || (apt-get update && apt-get install -y --no-install-recommends patch) \
 && cd "$(npm root -g)/.." \
 && patch -p1 --forward < /tmp/zero.patch \
 && grep -q "readStop" node_modules/@rocicorp/zero/out/zero-cache/src/types/websocket-handoff.js \
 && rm /tmp/zero.patch
