import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

/**
 * Precompression of the built web app (decision 0017): after `vite build` has written dist/web, every
 * text file (scripts, styles, SVG, HTML, JSON) of at least MIN_BYTES gets a brotli (`.br`, quality 11)
 * and a gzip (`.gz`, level 9) sibling. The server's static files plugin (@fastify/static, preCompressed)
 * picks one by the request's Accept-Encoding, so no asset is compressed per request. A sibling that
 * saves less than 10 % is not written (the plain file is served). Media (MP4, PNG, WebP) are already
 * compressed and are skipped.
 */

const TEXT = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/i;
const MIN_BYTES = 1024;

function* filesUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

/** Writes the .br and .gz siblings under `dir`; returns how many files were compressed. */
export function precompressDir(dir: string): { files: number; raw: number; br: number; gz: number } {
  const sum = { files: 0, raw: 0, br: 0, gz: 0 };
  for (const file of filesUnder(dir)) {
    if (!TEXT.test(file) || statSync(file).size < MIN_BYTES) continue;
    const raw = readFileSync(file);
    const br = brotliCompressSync(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    });
    const gz = gzipSync(raw, { level: constants.Z_BEST_COMPRESSION });
    let wrote = false;
    if (br.length < raw.length * 0.9) {
      writeFileSync(`${file}.br`, br);
      wrote = true;
    }
    if (gz.length < raw.length * 0.9) {
      writeFileSync(`${file}.gz`, gz);
      wrote = true;
    }
    if (wrote) {
      sum.files += 1;
      sum.raw += raw.length;
      sum.br += br.length;
      sum.gz += gz.length;
    }
  }
  return sum;
}

/** The Vite plugin: runs once the build has written every file (public/ included). */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'lc-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const s = precompressDir(outDir);
      const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
      this.info?.(`precompressed ${s.files} files: ${kb(s.raw)} → brotli ${kb(s.br)}, gzip ${kb(s.gz)}`);
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/web',
  publicDir: isSsrBuild ? false : fileURLToPath(new URL('./src/web/public', import.meta.url)),
  // precompress: .br and .gz beside every built text file, served by @fastify/static (decision 0017)
  plugins: isSsrBuild ? [react()] : [react(), precompress()],
  resolve: { alias: { '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)) } },
  // the server entry (decision 0034): dependencies load from node_modules, except the icons, whose CommonJS
  // build Node cannot import by name
  ssr: { noExternal: ['@ant-design/icons', '@ant-design/icons-svg'] },
  build: isSsrBuild
    ? {
        // `vite build --ssr`: the web app's server entry, loaded by the server (src/server/features/seo/render.ts)
        outDir: fileURLToPath(new URL('./dist/server', import.meta.url)),
        emptyOutDir: true,
        sourcemap: false,
        rollupOptions: {
          input: fileURLToPath(new URL('./src/web/entry-server.tsx', import.meta.url)),
          // the server bundles every text (entry-server.tsx) that the browser loads one by one: expected here
          onwarn(warning, warn) {
            if (warning.code !== 'INEFFECTIVE_DYNAMIC_IMPORT') warn(warning);
          },
        },
      }
    : {
        outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
        emptyOutDir: true,
        sourcemap: false,
        // .vite/manifest.json: which chunk each page, namespace and scope became (read by scripts/size.mjs)
        manifest: true,
        // no modulepreload polyfill in the shell (~0.5 KB): every browser the app supports preloads modules
        // itself (Safari since 17); an older one still loads them, only without the head start
        modulePreload: { polyfill: false },
        chunkSizeWarningLimit: 1500,
        // react-router (8) ships as many small modules: left to the automatic chunking they split between the
        // entry and a shared chunk, ~0.9 KB gzip more for the shell than one chunk for the router (and React,
        // which it imports) that every page loads anyway (decision 0037)
        rolldownOptions: {
          output: { codeSplitting: { groups: [{ name: 'router', test: /node_modules[\\/]react-router[\\/]/ }] } },
        },
      },
  server: {
    port: 5173,
    // keep the browser's Host header (changeOrigin: false): the server's CSRF origin check compares
    // Origin with Host, and the string shorthand would rewrite Host to localhost:3000
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
      '/uploads': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
}));
