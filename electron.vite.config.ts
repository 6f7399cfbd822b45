import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';

/** The workspace's own packages ship as TypeScript sources: they are bundled, not left as imports. */
const WORKSPACE_PACKAGES = ['@moba/base', '@moba/sim', '@moba/testkit'];

/**
 * Three bundles: main (the Electron entry and, beside it, the `moba` CLI for installs where
 * the TypeScript sources are not runnable), the sandboxed preload (CommonJS, as sandboxed
 * preloads must be), and the renderer.
 */
export default defineConfig({
  main: {
    build: {
      externalizeDeps: { exclude: WORKSPACE_PACKAGES },
      rollupOptions: {
        input: {
          index: resolve(import.meta.dirname, 'src/main/index.ts'),
          cli: resolve(import.meta.dirname, 'src/main/cli/main.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      externalizeDeps: { exclude: WORKSPACE_PACKAGES },
      rollupOptions: {
        input: { index: resolve(import.meta.dirname, 'src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(import.meta.dirname, 'src/renderer'),
    build: {
      rollupOptions: { input: resolve(import.meta.dirname, 'src/renderer/index.html') },
    },
    plugins: [react()],
  },
});
