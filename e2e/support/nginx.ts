import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './deployment.ts';

/**
 * The recipe's own deploy/nginx.conf, run in Debian's nginx for the deployment test. The file is a
 * whole nginx.conf (events {} and http {}), so nothing is wrapped around it; only what must differ
 * on a test machine is replaced, each by an exact line of the recipe, and a line that is gone fails
 * the test rather than leaving it to test something else.
 */

const RECIPE = fileURLToPath(new URL('../../deploy/nginx.conf', import.meta.url));

/** The header through which the test learns which server answered (nginx's `$upstream_addr`). */
export const UPSTREAM_HEADER = 'x-test-upstream';

function replaceOnce(conf: string, expected: string, replacement: string): string {
  const found = conf.split(expected).length - 1;
  if (found !== 1) {
    throw new Error(
      `deploy/nginx.conf has ${found} of ${JSON.stringify(expected)} where the deployment test expects one: ` +
        'change renderNginxConf (e2e/support/nginx.ts) to follow the recipe',
    );
  }
  // A function, so the `$` of nginx variables is not read as a replacement pattern.
  return conf.replace(expected, () => replacement);
}

/**
 * The recipe for a test machine: the two upstream servers become the test's servers (`host:port`),
 * the listen port a free port, and logs and temp files go to `dir`, not /var (the pid file is set
 * on nginx's command line).
 */
export function renderNginxConf(
  recipe: string,
  { upstreams, port, dir }: { upstreams: string[]; port: number; dir: string },
) {
  const [first, second] = upstreams;
  if (upstreams.length !== 2 || !first || !second) throw new Error('the recipe has two upstream servers');
  let conf = recipe;
  // Debian's nginx (1.22) lacks `resolve` (1.27.3+; the recipe's image is nginx:1.28), and an address
  // has no name to resolve again; max_fails and fail_timeout stay.
  conf = replaceOnce(conf, 'server api-1:8080 resolve ', `server ${first} `);
  conf = replaceOnce(conf, 'server api-2:8080 resolve ', `server ${second} `);
  conf = replaceOnce(conf, 'listen 80;', `listen 127.0.0.1:${port};`);
  conf = replaceOnce(conf, 'access_log /dev/stdout;', `access_log ${dir}/access.log;`);
  conf = replaceOnce(conf, 'error_log /dev/stderr warn;', `error_log ${dir}/error.log warn;`);
  conf = replaceOnce(
    conf,
    '\nhttp {\n',
    [
      '\nhttp {',
      // Debian's build keeps temp files under /var/lib/nginx; the image's under /var/cache/nginx.
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${dir}/${kind};`),
      // For the test alone: which server answered. The recipe sets no add_header, so every location
      // inherits it; one that set its own would lose it, and the test would fail, not pass blind.
      `  add_header X-Test-Upstream $upstream_addr always;`,
      '',
    ].join('\n'),
  );
  const unfollowed = /\bapi-\d+:8080\b/.exec(conf);
  if (unfollowed)
    throw new Error(`deploy/nginx.conf names ${unfollowed[0]}, which the deployment test does not replace`);
  return conf;
}

/**
 * deploy/nginx.conf in Debian's nginx, in front of `upstreams` (origins), as a child process of
 * the test (`daemon off`) with its pid, logs and temp files in a directory of its own; resolves once
 * a request through it reaches a server.
 */
export async function startNginx(upstreams: string[], timeoutMs = 15_000) {
  if (spawnSync('nginx', ['-v']).error) {
    throw new Error(
      "the deployment test runs deploy/nginx.conf in Debian's nginx: apt-get install nginx (.ci/run does)",
    );
  }
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'adloop-nginx-'));
  // Started as root, the workers run as an unprivileged user and must reach their temp directories.
  chmodSync(dir, 0o755);
  let conf: string;
  try {
    conf = renderNginxConf(readFileSync(RECIPE, 'utf8'), {
      upstreams: upstreams.map((origin) => new URL(origin).host),
      port,
      dir,
    });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const confPath = path.join(dir, 'nginx.conf');
  writeFileSync(confPath, conf);
  const child = spawn('nginx', ['-p', dir, '-c', confPath, '-e', 'stderr', '-g', `daemon off; pid ${dir}/nginx.pid;`], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (chunk) => output.push(String(chunk)));
  child.stderr?.on('data', (chunk) => output.push(String(chunk)));
  const readLog = (name: string) => {
    const file = path.join(dir, name);
    return existsSync(file) ? readFileSync(file, 'utf8') : '';
  };
  const logs = () => ({
    'nginx-output.log': output.join(''),
    'nginx-error.log': readLog('error.log'),
    'nginx-access.log': readLog('access.log'),
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      const removeDir = () => {
        rmSync(dir, { recursive: true, force: true });
        resolve();
      };
      if (child.exitCode !== null || child.signalCode !== null) return removeDir();
      const kill = setTimeout(() => child.kill('SIGKILL'), 5_000);
      child.once('exit', () => {
        clearTimeout(kill);
        removeDir();
      });
      // nginx's fast shutdown: open event streams are closed, not waited for.
      child.kill('SIGTERM');
    });
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) {
      const failure = `nginx exited with ${child.exitCode}:\n${output.join('')}${readLog('error.log')}\n${conf}`;
      await stop();
      throw new Error(failure);
    }
    const status = await fetch(`${origin}/api/health`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return { origin, logs, stop };
    if (Date.now() > deadline) {
      const failure = `nginx not answering 200 in ${timeoutMs} ms (last status ${status}):\n${output.join('')}${readLog('error.log')}`;
      await stop();
      throw new Error(failure);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
