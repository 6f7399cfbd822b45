import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import type { Plugin } from 'vite';

/** The workspace's own packages ship as TypeScript sources: they are bundled, not left as imports. */
const WORKSPACE_PACKAGES = ['@moba/base', '@moba/sim', '@moba/testkit'];

/**
 * The report viewer (src/renderer/report-main.tsx): the app's replay and results views as one
 * script and one stylesheet in out/report/, which main inlines into every report file (a
 * report loads nothing). Built with the renderer.
 */
function reportViewer(): Plugin {
  return {
    name: 'moba-report-viewer',
    apply: 'build',
    async closeBundle() {
      await build({
        configFile: false,
        root: resolve(import.meta.dirname, 'src/renderer'),
        publicDir: false,
        plugins: [react()],
        logLevel: 'warn',
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        build: {
          outDir: resolve(import.meta.dirname, 'out/report'),
          emptyOutDir: true,
          cssCodeSplit: false,
          lib: {
            entry: resolve(import.meta.dirname, 'src/renderer/report-main.tsx'),
            formats: ['iife'],
            name: 'MobaReport',
            fileName: () => 'report.js',
          },
          rollupOptions: { output: { assetFileNames: 'report[extname]' } },
        },
      });
    },
  };
}

/**
 * Three bundles (and the report viewer beside the renderer): main (the Electron entry and, beside it, the `moba` CLI for installs where
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
    plugins: [react(), reportViewer()],
  },
});
