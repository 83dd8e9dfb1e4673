/// <reference types="vitest/config" />
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { chromiumPath, chromiumArgs } from './scripts/chromium';

/**
 * Every `primereact/...` module the console and its stories import (read from the sources, so a new
 * widget or icon never goes missing from the pre-bundle list).
 */
function primereactModules(): string[] {
  const found = new Set<string>();
  for (const dir of ['src', 'stories']) {
    for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
      if (!/\.tsx?$/.test(file)) continue;
      // Value imports only: `import type` modules (menuitem, treenode) have no code to bundle.
      for (const match of readFileSync(`${dir}/${file}`, 'utf8').matchAll(/^import (?!type )[^;]*? from '(primereact\/[a-z0-9/]+)'/gm)) found.add(match[1] as string);
    }
  }
  return [...found].sort();
}

/** Where `npm run dev` proxies the API (the reference server started by scripts/dev.ts). */
const devApi = process.env.DEV_API_URL ?? 'http://127.0.0.1:8001';

/**
 * The console reads its server URL and socket path at run time from `window.__CONSOLE_CONFIG__`,
 * which the reference server writes into index.html (see server/static.ts). In dev the same
 * placeholder is filled from the environment here.
 */
function devConsoleConfig(): Plugin {
  return {
    name: 'console-config-dev',
    apply: 'serve',
    transformIndexHtml(html) {
      const cfg = { apiUrl: process.env.API_URL ?? '', wsPath: process.env.WS_PATH ?? 'api/ws/{token}/' };
      return html.replace('<!--console-config-->', `<script>window.__CONSOLE_CONFIG__=${JSON.stringify(cfg)}</script>`);
    },
  };
}

export default defineConfig({
  plugins: [react(), devConsoleConfig()],
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: {
      '/api/ws': { target: devApi, ws: true },
      '/ws': { target: devApi, ws: true },
      '/api': devApi,
      '/token': devApi,
      '/graphql': devApi,
      '/media': devApi,
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    target: 'es2022',
    // Read (then removed) by scripts/prerender.ts: which chunk holds a language's texts.
    manifest: true,
    // ECharts' modular core (the analytics charts) is one lazy chunk of ~590 kB (~200 kB gzip) that only the
    // analytics pages load; anything larger than that is worth the warning.
    chunkSizeWarningLimit: 650,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically in one chunk (the login page loads in a
          // handful of requests, not one per module shared with a lazy page); lazy pages stay split.
          groups: [{ name: 'console', tags: ['$initial'] }],
        },
      },
    },
  },
  // Pre-bundle what lazy pages import, so the story tests never meet a mid-run dependency
  // re-optimisation ("Vite unexpectedly reloaded a test") on a fresh clone.
  optimizeDeps: {
    include: [
      ...primereactModules(),
      'quill',
      'echarts/core',
      'echarts/charts',
      'echarts/components',
      'echarts/renderers',
      'dompurify',
      'idb',
      'mock-socket',
      'graphql-request',
      'wouter',
      'wouter/memory-location',
      'wouter/use-browser-location',
      'mobx',
      'mobx-react-lite',
      'i18next',
      'react-i18next',
      'react',
      'react/jsx-runtime',
      'react-dom',
      'react-dom/client',
    ],
  },
  test: {
    // Vitest's default on a 2-core machine is one worker (cores - 1); test files spend much of their
    // time waiting (sockets, timers, the database), so two run side by side (VITEST_MAX_WORKERS overrides).
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit-node',
          environment: 'node',
          // One module graph per worker, not per file (see docs/testing.md: the same tests in under half
          // the CPU time). Every file still gets its own servers and databases; what a module keeps for
          // the process (a template database, registered texts) is keyed so files cannot trip each other.
          isolate: false,
          include: ['server/**/*.test.ts', 'contracts/**/*.test.ts', 'scripts/**/*.test.ts', 'sdk/*/src/**/*.test.ts'],
          testTimeout: 20_000,
          globalSetup: ['server/test/global-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'unit-dom',
          environment: 'jsdom',
          isolate: false,
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['src/test/setup.ts'],
          testTimeout: 20_000,
          globalSetup: ['server/test/global-setup.ts'],
        },
      },
      {
        extends: true,
        plugins: [storybookTest({ configDir: '.storybook' })],
        test: {
          name: 'stories',
          browser: {
            enabled: true,
            headless: true,
            // As a person with "reduce motion": one frame per change, not an animation's every frame.
            provider: playwright({ launchOptions: { executablePath: chromiumPath(), args: chromiumArgs }, contextOptions: { reducedMotion: 'reduce' } }),
            instances: [{ browser: 'chromium' }],
          },
          setupFiles: ['.storybook/vitest.setup.ts'],
          // The story files of a worker share one page and one module graph (not a fresh iframe each):
          // measured alone on 2 cores, 195 s and ~360 CPU-s against 378 s and ~740 CPU-s. Storybook unmounts
          // each story before the next one mounts, across files too; what a story leaves open (a drawer,
          // a picker's list) is checked by axe like any other state of the console.
          isolate: false,
          // The first story of a file waits for Vite to transform the file's whole import graph before it
          // renders (seen at 15-16 s on 2 cores for the larger screens), and its own steps wait up to the
          // `slow` 10 s of the kit: 15 s (Vitest's default) cut those first stories, not their behaviour.
          testTimeout: 40_000,
        },
      },
    ],
  },
});
