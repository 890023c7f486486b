import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

const REPO_ROOT = resolve(__dirname, '../../../..');
const TS_REGISTER = join(__dirname, 'ts-register.cjs');
const WORKER_ENTRY = resolve(__dirname, '../../src/worker.ts');
const DOMAIN_BUILD = join(REPO_ROOT, 'libs/domain/dist/index.js');

export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface WorkerProcess {
  child: ChildProcess;
  /** Resolves (never rejects) when the process has exited. */
  exited: Promise<ProcessExit>;
  /** Everything written to stdout and stderr so far, interleaved in arrival order. */
  output(): string;
  /** Resolves with the first match in the collected output; rejects if the process exits or the time runs out first. */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** Sends `signal` (SIGTERM by default) unless already exited, and returns `exited`. */
  kill(signal?: NodeJS.Signals): Promise<ProcessExit>;
  /** SIGTERM, then SIGKILL if it has not exited after `graceMs`: for afterAll. */
  stop(graceMs?: number): Promise<ProcessExit>;
}

/** Runs apps/api/src/worker.ts in a child Node process with `process.env` plus `env` (and NO_COLOR=1), straight from source. */
export function spawnWorker(env: Record<string, string>): WorkerProcess {
  // Without the build the child dies on `require('@oficios/domain')`; say what to do instead.
  if (!existsSync(DOMAIN_BUILD)) throw new Error('libs/domain/dist is missing: run `npm run build -w @oficios/domain` first');
  return spawnTypeScript(WORKER_ENTRY, env);
}

/** Runs any TypeScript entry file through ts-register.cjs; cwd is the repository root, as for `npm run worker`. */
export function spawnTypeScript(entry: string, env: Record<string, string> = {}, options: { cwd?: string } = {}): WorkerProcess {
  return spawnNode(['-r', TS_REGISTER, entry], env, options);
}

/** Runs `node …args` (a built entry such as apps/api/dist/main.js) with `process.env` plus `env`. */
export function spawnNode(args: string[], env: Record<string, string> = {}, options: { cwd?: string } = {}): WorkerProcess {
  const child = spawn(process.execPath, args, {
    cwd: options.cwd ?? REPO_ROOT,
    // No ANSI colours in Nest's logger by default, so waitForOutput() patterns match the plain text; `env` may override.
    env: { ...process.env, NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });

  let output = '';
  const listeners = new Set<() => void>();
  const collect = (chunk: string) => {
    output += chunk;
    for (const listener of listeners) listener();
  };
  // Decoding per stream keeps multi-byte characters split across chunks intact.
  child.stdout?.setEncoding('utf8').on('data', collect);
  child.stderr?.setEncoding('utf8').on('data', collect);

  // A test that fails or times out must not leave the child running after Jest's worker goes away.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  // 'close' rather than 'exit': by then stdout/stderr are drained, so output() holds the last words too.
  const exited = new Promise<ProcessExit>((resolveExit) => {
    child.once('close', (code, signal) => {
      process.removeListener('exit', killOnExit);
      resolveExit({ code, signal });
    });
    child.once('error', (error) => {
      output += `\n[spawn error] ${error.message}\n`;
      process.removeListener('exit', killOnExit);
      resolveExit({ code: null, signal: null });
    });
  });
  let hasExited = false;
  void exited.then(() => (hasExited = true));

  const worker: WorkerProcess = {
    child,
    exited,
    output: () => output,
    waitForOutput(pattern, timeoutMs = 20_000) {
      return new Promise((resolveMatch, reject) => {
        const check = () => {
          const match = output.match(pattern);
          if (match) {
            cleanup();
            resolveMatch(match);
          } else if (hasExited) {
            // Only after 'close' (not 'exit'): the last chunks of output may still be in flight until then.
            cleanup();
            reject(new Error(`process exited before printing ${pattern}; output:\n${output}`));
          }
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`timed out after ${timeoutMs} ms waiting for ${pattern}; output:\n${output}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          listeners.delete(check);
        };
        listeners.add(check);
        void exited.then(check);
        check();
      });
    },
    kill(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
    async stop(graceMs = 10_000) {
      const escalate = setTimeout(() => worker.kill('SIGKILL'), graceMs);
      try {
        return await worker.kill('SIGTERM');
      } finally {
        clearTimeout(escalate);
      }
    },
  };
  return worker;
}
