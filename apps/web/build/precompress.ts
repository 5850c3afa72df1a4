import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text the browser can take compressed; images and media are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
/** Below about one packet, compression saves nothing worth a second file. */
const MIN_BYTES = 1024;

/**
 * Writes `name.br` and `name.gz` beside every compressible file of the build (after the service
 * worker is generated, so it is included), at the highest levels: it is done once per build, and
 * the server sends these as they are (`preCompressed` in the web plugin) instead of compressing
 * on every request.
 */
export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'adloop:precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const outDir = path.resolve(config.root, config.build.outDir);
        const files = await listFiles(outDir);
        await Promise.all(files.filter((file) => COMPRESSIBLE.test(file)).map(compressFile));
      },
    },
  };
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

async function compressFile(file: string) {
  if ((await stat(file)).size < MIN_BYTES) return;
  const source = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  // A variant no smaller than the file would only cost the client a decode.
  if (br.length < source.length) await writeFile(`${file}.br`, br);
  if (gz.length < source.length) await writeFile(`${file}.gz`, gz);
}
