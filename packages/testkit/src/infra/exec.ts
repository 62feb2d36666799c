import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export interface RunResult {
  code: number | null;
  /** The last few KB of stdout and stderr, interleaved. */
  output: string;
}

/** Runs a command to completion; never throws for a non-zero exit (check `code`). */
export function run(
  command: string,
  args: string[],
  opts: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number; detached?: boolean } = {},
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: opts.cwd,
      env: opts.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: opts.detached ?? false,
    });
    let output = '';
    const collect = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-8000);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    const timer = opts.timeoutMs
      ? setTimeout(() => {
          output += `\n(killed after ${opts.timeoutMs} ms)`;
          child.kill('SIGKILL');
        }, opts.timeoutMs)
      : undefined;
    child.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output: output.trim() });
    });
  });
}

/** Absolute path of an executable found on PATH or in `extraDirs`, or undefined. */
export function findExecutable(name: string, extraDirs: string[] = []): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean), ...extraDirs];
  for (const dir of dirs) {
    const candidate = path.join(dir, name);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      if (fs.statSync(candidate).isFile()) return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** Last `lines` lines of a text, for error messages. */
export function tail(text: string, lines = 15): string {
  return text.trim().split('\n').slice(-lines).join('\n');
}

/**
 * Runs a command that daemonizes itself (`rabbitmq-server -detached`, `redis-server --daemonize yes`)
 * in its own process group with output appended to `logFile`, and waits only for it to exit:
 * a daemon keeping inherited pipes open cannot make us hang. Returns the exit code.
 */
export function startDaemon(
  command: string,
  args: string[],
  logFile: string,
  timeoutMs = 60_000,
): Promise<number | null> {
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const fd = fs.openSync(logFile, 'a');
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', fd, fd], detached: true, cwd: path.dirname(logFile) });
    fs.closeSync(fd);
    const timer = setTimeout(() => resolve(null), timeoutMs);
    child.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
    child.unref();
  });
}
