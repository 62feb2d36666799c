import { mkdir, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import path from 'node:path';

/**
 * Profiles the process's CPU from now until the returned stop, which writes the profile to
 * `<dir>/<name>-<pid>.cpuprofile` (V8's format: Chrome DevTools, speedscope). The sampling costs a
 * few percent; it runs only when a service is asked (CPU_PROFILE_DIR).
 */
export async function startCpuProfile(dir: string, name: string): Promise<() => Promise<void>> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return async () => {
    const { profile } = await session.post('Profiler.stop');
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, `${name}-${process.pid}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  };
}
