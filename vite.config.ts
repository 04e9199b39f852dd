import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

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
  ],
  build: {
    outDir: path.join(root, 'dist/web'),
    emptyOutDir: true,
    target: 'es2023',
    sourcemap: true,
  },
  server: { fs: { allow: [root] } },
  logLevel: 'warn',
});
