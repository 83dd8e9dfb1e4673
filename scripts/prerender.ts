/**
 * `npm run build`'s second step (after `vite build`): puts the login page into dist/index.html,
 * so the form is on screen at the first paint and the console hydrates it.
 *
 *  1. Renders the login page from the console's own React tree (src/prerender.tsx, loaded
 *     through Vite's SSR loader) in each language, signed out, as the browser's first render has it.
 *  2. Inlines the CSS those templates use (Beasties: the rules matching the markup, plus the login
 *     page's own), and takes the stylesheet and module tags out: the boot scripts ask for them.
 *  3. Writes the markup as one <template> per language after #root, the inline boot scripts
 *     (src/app/boot/boot-script.ts: early calls, the address, and off the login page the stylesheets
 *     and modules at once, in <head>; in <body> the copy of the right template into #root on /login,
 *     then the stylesheets and modules, after the form's first frame there), and the default
 *     appearance on <html>.
 *
 * The server still fills `<!--console-config-->` at run time (API_URL, WS_PATH); the boot script sits
 * right after it and reads it. Nothing here depends on the server: any static host serving dist/ gets
 * the same page. `PRERENDER_DIST=<dir>` processes another build folder.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import Beasties from 'beasties';
import { minifySync } from 'rolldown/utils';
import { createServer } from 'vite';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIST = resolve(ROOT, process.env.PRERENDER_DIST ?? 'dist');
const INDEX = resolve(DIST, 'index.html');
/** The element after the body's boot scripts that rendering waits for (`<link rel=expect>`). */
const BOOT_DONE_ID = 'console-boot-done';

type PrerenderModule = typeof import('../src/prerender');
type Assets = import('../src/app/boot/boot-script').Assets;

/** An inline script: the function's own source called with JSON parameters, minified, safe inside <script>. */
function inlineScript(fn: (...args: never[]) => void, args: string): string {
  const code = `(${fn.toString()})(${args});`;
  const out = minifySync('boot.js', code, { compress: true, mangle: true });
  if (out.errors.length) throw new Error(`prerender: could not minify ${fn.name}: ${out.errors.map((e) => e.message).join('; ')}`);
  return `<script>${out.code.trim().replace(/<\/(script)/gi, '<\\/$1')}</script>`;
}

function json(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

function attribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

function replaceOnce(html: string, marker: string | RegExp, by: string): string {
  const found = typeof marker === 'string' ? html.includes(marker) : marker.test(html);
  if (!found) throw new Error(`prerender: ${String(marker)} is missing from ${INDEX} (is it a fresh vite build of index.html?)`);
  return html.replace(marker, () => by);
}

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/**
 * From Vite's build manifest, which is removed afterwards (nobody else reads it; the server would serve
 * it): the chunks of each language's texts (src/i18n/<language>.ts, loaded on demand), and the full
 * console's chunk with everything it imports statically (src/console-start.tsx: off /login the head
 * script preloads them with the entry, so a signed-in reload does not wait for the entry to ask).
 */
function manifestChunks(): { languages: Record<string, string[]>; console: string[] } {
  const path = resolve(DIST, '.vite/manifest.json');
  const manifest = JSON.parse(readFileSync(path, 'utf8')) as Record<string, ManifestChunk>;
  rmSync(resolve(DIST, '.vite'), { recursive: true, force: true });
  const languages: Record<string, string[]> = {};
  for (const [source, language] of [['src/i18n/en.ts', 'en']] as const) {
    const chunk = manifest[source];
    if (!chunk) throw new Error(`prerender: no chunk for ${source} in the build manifest (is it still loaded on demand?)`);
    languages[language] = [`/${chunk.file}`];
  }
  const consoleSource = 'src/console-start.tsx';
  if (!manifest[consoleSource]) throw new Error(`prerender: no chunk for ${consoleSource} in the build manifest (is it still loaded on demand?)`);
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of manifest[key]?.imports ?? []) visit(next);
  };
  visit(consoleSource);
  const entryKeys = Object.entries(manifest).filter(([, chunk]) => (chunk as { isEntry?: boolean }).isEntry).map(([key]) => key);
  for (const key of entryKeys) seen.delete(key);
  return { languages, console: [...seen].map((key) => `/${(manifest[key] as ManifestChunk).file}`) };
}

async function render(): Promise<{ module: PrerenderModule; logins: Awaited<ReturnType<PrerenderModule['prerenderLogin']>>[] }> {
  // React's and MobX's production builds, like the browser's bundle.
  process.env.NODE_ENV = 'production';
  const vite = await createServer({
    configFile: false,
    mode: 'production',
    root: ROOT,
    logLevel: 'error',
    appType: 'custom',
    plugins: [react()],
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const module = (await vite.ssrLoadModule('/src/prerender.tsx')) as PrerenderModule;
    const logins = [];
    for (const language of ['zh-chs', 'en'] as const) logins.push(await module.prerenderLogin(language));
    return { module, logins };
  } finally {
    await vite.close();
  }
}

async function main(): Promise<void> {
  const started = Date.now();
  let html = readFileSync(INDEX, 'utf8');
  if (html.includes('id="console-prerender-')) throw new Error(`prerender: ${INDEX} is prerendered already; run vite build first`);
  const { module, logins } = await render();
  const appearance = module.defaultAppearance();

  const htmlAttributes = [
    ...Object.entries(appearance.attributes).map(([key, value]) => ` data-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}="${attribute(value)}"`),
    appearance.classes.length ? ` class="${attribute(appearance.classes.join(' '))}"` : '',
    Object.keys(appearance.style).length ? ` style="${attribute(Object.entries(appearance.style).map(([k, v]) => `${k}:${v}`).join(';'))}"` : '',
  ].join('');
  html = replaceOnce(html, /<html lang="zh-CN">/, `<html lang="zh-CN"${htmlAttributes}>`);
  const templates = logins.map((l) => `<template id="console-prerender-${l.language}">${l.markup}</template>`).join('');
  html = replaceOnce(html, '<!--console-prerender-->', `${templates}<!--console-load-->`);

  // The critical CSS: what the templates use, from the stylesheets Vite linked.
  const beasties = new Beasties({
    path: DIST,
    publicPath: '/',
    preload: 'media',
    noscriptFallback: false,
    pruneSource: false,
    // Font faces inline, should a rule of the page name one (the browser fetches a face once text uses
    // it); none does today: the login page's icons are inline SVG (src/pages/login/LoginIcons.tsx), so
    // the page needs no icon font. No preloads: Beasties would preload the theme's unused Inter faces.
    inlineFonts: true,
    preloadFonts: false,
    // Rules for states of the login page that are not in the first render (error box, captcha image,
    // links, the captcha-off guess) and the toast a first failure shows.
    allowRules: [/\.login-/, /console-captcha-off/, /console-toast/],
    logLevel: 'warn',
  });
  html = (await beasties.process(html)).replace(' data-beasties-container', '');
  const critical = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
  for (const needed of ['.login-card', '.p-inputtext', '.p-button', '.login-icon']) {
    if (!critical.includes(needed)) throw new Error(`prerender: the inlined CSS lacks ${needed}; did the stylesheets or the markup change shape?`);
  }
  // The login page waits for no icon font: no PrimeIcons face or `.pi` rule in its CSS (an element with
  // a `pi` class in the templates, or a rule forced in by allowRules, would bring them back).
  if (/primeicons|\.pi[\s,.:{>[-]/.test(critical)) throw new Error('prerender: the inlined CSS names the icon font (primeicons or a .pi rule); the login page draws its icons inline (src/pages/login/LoginIcons.tsx)');

  // No tag names the stylesheets and modules any more: the boot scripts ask for them when it is time
  // (at once off the login page; after the form's first frame on it: see consoleLoad).
  const assets: Assets = { modules: [], styles: [] };
  html = html.replace(/<link rel="stylesheet"[^>]*href="([^"]+\.css)"[^>]*>/g, (_tag, href: string) => {
    assets.styles.push(href);
    return '';
  });
  html = html.replace(/<script type="module" crossorigin src="([^"]+)"><\/script>/g, (_tag, src: string) => {
    assets.modules.push(src);
    return '';
  });
  if (assets.modules.length === 0 || assets.styles.length === 0) throw new Error(`prerender: ${INDEX} links no module or no stylesheet`);
  // The entry's own imports (rolldown's runtime chunk): loaded with it, as module scripts before it.
  const imports: string[] = [];
  html = html.replace(/<link rel="modulepreload" crossorigin href="([^"]+\.js)">/g, (_tag, href: string) => {
    imports.push(href);
    return '';
  });
  assets.modules.unshift(...imports);
  if (/<link rel="modulepreload"/.test(html)) throw new Error('prerender: unexpected modulepreload links (the boot script adds them)');
  // No <link rel="preload"> for the icon font: the login page does not use it (its icons are inline
  // SVG), and Chromium holds the first paint for a preloaded font (docs/performance.md). The full
  // stylesheet brings PrimeIcons for the rest of the console.

  const chunks = manifestChunks();
  // The entry and its runtime are preloaded already; the console's chunks only off /login.
  assets.later = chunks.console.filter((file) => !assets.modules.includes(file));
  const params = await module.bootParams(Object.fromEntries(logins.map((l) => [l.language, l.title])), chunks.languages, assets);
  html = replaceOnce(html, '<!--console-boot-->', inlineScript(module.consoleBoot, `window,${json(params)}`));
  html = replaceOnce(
    html,
    '<!--console-load-->',
    inlineScript(module.consolePrerender, 'window') + inlineScript(module.consoleLoad, `window,${json(assets)}`) + `<i id="${BOOT_DONE_ID}" hidden></i>`,
  );
  // No frame before the form is in #root: without this, Chromium may paint the page while the parser is
  // still in the templates (an empty page, counted as the first paint; seen at CPU ×4). Rendering
  // waits for the marker after the body scripts; browsers without `blocking` ignore the link.
  html = replaceOnce(html, '</head>', `<link rel="expect" href="#${BOOT_DONE_ID}" blocking="render"></head>`);
  writeFileSync(INDEX, html);
  const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
  console.log(`prerender: /login in ${logins.map((l) => l.language).join(', ')} into ${INDEX} (${kib(Buffer.byteLength(html))}, critical CSS ${kib(critical.length)}) in ${Date.now() - started} ms`);
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.stack ?? e.message : String(e));
  process.exitCode = 1;
});
