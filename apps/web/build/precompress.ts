import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text files worth compressing; images other than SVG and fonts are compressed already. */
const TEXT_EXTENSIONS = new Set(['.html', '.js', '.mjs', '.css', '.svg', '.json', '.txt', '.xml', '.webmanifest', '.map']);
/** Below this a compressed copy saves less than the headers it costs (the server serves the file as it is). */
export const PRECOMPRESS_MIN_BYTES = 1024;

export interface PrecompressResult {
  files: number;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip -9) beside every text file over 1 KB in `dir`, for
 * the production web server (apps/web/server/serve.mjs) to send by `Accept-Encoding` with no work per request.
 * Dot folders (Vite's `.vite/manifest.json`) are left out: they are not served. A copy that is not smaller is not kept.
 */
export function precompressDirectory(dir: string): PrecompressResult {
  const result: PrecompressResult = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      const inner = precompressDirectory(path);
      for (const key of Object.keys(result) as (keyof PrecompressResult)[]) result[key] += inner[key];
      continue;
    }
    if (!entry.isFile() || !TEXT_EXTENSIONS.has(extname(entry.name)) || statSync(path).size <= PRECOMPRESS_MIN_BYTES) continue;
    const content = readFileSync(path);
    const brotli = brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    });
    const gzip = gzipSync(content, { level: constants.Z_BEST_COMPRESSION });
    if (brotli.length < content.length) writeFileSync(`${path}.br`, brotli);
    if (gzip.length < content.length) writeFileSync(`${path}.gz`, gzip);
    result.files += 1;
    result.bytes += content.length;
    result.brotliBytes += Math.min(brotli.length, content.length);
    result.gzipBytes += Math.min(gzip.length, content.length);
  }
  return result;
}

/** The build step: once Vite has written the bundle (public files included), the compressed copies beside it. */
export function precompressPlugin(): Plugin {
  let outDir = '';
  let log: (message: string) => void = () => undefined;
  return {
    name: 'oficios:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      log = (message) => config.logger.info(message);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const { files, bytes, brotliBytes, gzipBytes } = precompressDirectory(outDir);
        const kb = (n: number) => `${(n / 1000).toFixed(1)} kB`;
        log(`precompressed ${files} files: ${kb(bytes)} → br ${kb(brotliBytes)}, gzip ${kb(gzipBytes)}`);
      },
    },
  };
}
