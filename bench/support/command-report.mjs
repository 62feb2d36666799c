// `npm run bench:commands -- <COMMAND_COUNT_DIR> <service> "<METHOD /path>"`: the store
// commands each process sent per request of that route to that service (command-count.cjs wrote
// the counts), over the window from its second such request (the first is a benchmark's seed) to
// the last line written. Prints one line per process and command, sorted by count.
import fs from 'node:fs';
import path from 'node:path';

const [dir, service, route] = process.argv.slice(2);
const read = (file) =>
  fs
    .readFileSync(path.join(dir, file), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
const files = fs.readdirSync(dir).filter((f) => f.endsWith('.jsonl'));
const own = files.find((f) => f.startsWith(`${service}-`));
if (!own) throw new Error(`no counts of ${service} in ${dir}`);
const lines = read(own);
const served = (line) => line.requests[route]?.n ?? 0;
const first = lines.find((l) => served(l) >= 2);
const last = lines.at(-1);
if (!first) throw new Error(`${service} served ${route} at most once`);
const requests = served(last) - served(first);
console.log(`${requests} × ${route} to ${service}, ${((last.at - first.at) / 1000).toFixed(1)} s`);
for (const file of files) {
  const all = read(file);
  const at = (t) => all.filter((l) => l.at <= t).at(-1) ?? { commands: {} };
  const [from, to] = [at(first.at), at(last.at)];
  const rows = Object.entries(to.commands)
    .map(([key, c]) => [key, c.n - (from.commands[key]?.n ?? 0), c.docs - (from.commands[key]?.docs ?? 0)])
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1]);
  const total = rows.reduce((sum, [, n]) => sum + n, 0);
  console.log(`${file.replace(/-\d+\.jsonl$/, '')}: ${(total / requests).toFixed(2)} commands per request`);
  for (const [key, n, docs] of rows)
    console.log(
      `  ${(n / requests).toFixed(2).padStart(7)}  ${key}${docs ? ` (${(docs / requests).toFixed(2)} docs)` : ''}`,
    );
}
