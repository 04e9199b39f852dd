import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const root = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  root: path.join(root, 'web'),
  publicDir: path.join(root, 'web/public'),
  plugins: [
    tanstackRouter({
      target: 'react',
      routesDirectory: path.join(root, 'web/routes'),
      generatedRouteTree: path.join(root, 'web/routeTree.gen.ts'),
      autoCodeSplitting: true,
      // Loaders too: they reach the sync client, which the sign-in page does not need.
      codeSplittingOptions: {
        defaultBehavior: [
          ['loader'],
          ['component'],
          ['errorComponent', 'notFoundComponent', 'pendingComponent'],
        ],
      },
      quoteStyle: 'single',
    }),
    react(),
    // Installable, and opens without a network (docs/decisions/018-offline.md):
    // the app's files are precached by a Workbox service worker; every page is
    // the app shell; the API and the dev mailbox always go to the network.
    VitePWA({
      strategies: 'generateSW',
      registerType: 'autoUpdate',
      injectRegister: false,
      includeAssets: ['icon.svg', 'zod-jitless.js'],
      manifest: {
        name: 'Preference Bank',
        short_name: 'Preferences',
        description:
          'Keep your likes, dislikes and the way you want to be supported, and share them with your Circle of Support.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#f4f2fa',
        theme_color: '#4e4285',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // Source maps are for debugging, not for the offline shell.
        globIgnores: ['**/*.map'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/dev\//],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
      },
    }),
  ],
  build: {
    outDir: path.join(root, 'dist/web'),
    emptyOutDir: true,
    target: 'es2023',
    sourcemap: true,
    // Which chunks each page loads: the bundle budget's test walks it (tests/bench/bundle-budget.test.ts).
    manifest: true,
    // The feelings' pictures (web/components/feeling-icon.tsx) are files of
    // their own, not inlined in the script: inlined, all eighteen were in the
    // library's JavaScript (6 KB gzip) before its first row; as files, only
    // the feelings shown are fetched, beside the script, and cached with it.
    assetsInlineLimit: (file) => (file.includes('@twemoji') ? false : undefined),
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // React and the router, which every page runs, in one file: left to
            // itself the bundler cut them into a dozen small ones, each one more
            // request before the first page can start.
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack)[\\/]/,
              priority: 20,
            },
          ],
        },
      },
    },
  },
  server: { fs: { allow: [root] } },
  logLevel: 'warn',
});
