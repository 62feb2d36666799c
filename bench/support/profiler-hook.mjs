// Loaded into a service with `node --import` by `npm run profile:gateway`: SIGUSR2 starts
// V8's sampling profiler, the next SIGUSR2 stops it and writes the profile to
// $PROFILE_DIR/<pid>-<time>.cpuprofile (open it in Chrome DevTools or speedscope).
import fs from 'node:fs';
import inspector from 'node:inspector';
import path from 'node:path';

const session = new inspector.Session();
session.connect();
let running = false;
process.on('SIGUSR2', () => {
  if (!running) {
    running = true;
    session.post('Profiler.enable', () =>
      session.post('Profiler.setSamplingInterval', { interval: Number(process.env.PROFILE_INTERVAL_US ?? 100) }, () =>
        session.post('Profiler.start'),
      ),
    );
    return;
  }
  running = false;
  session.post('Profiler.stop', (err, result) => {
    if (err) return process.stderr.write(`profiler: ${err.message}\n`);
    const file = path.join(process.env.PROFILE_DIR ?? '.', `${process.pid}-${Date.now()}.cpuprofile`);
    fs.writeFileSync(file, JSON.stringify(result.profile));
  });
});
