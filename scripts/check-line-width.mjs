// Prettier does not break strings, template literals or comments: this check holds every
// tracked source line, tests included, to the same 120 columns.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const MAX = 120;
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.ts', '*.mjs', '*.js'], {
  encoding: 'utf8',
})
  .split('\n')
  .filter(Boolean);
const long = [];
for (const file of files) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    continue; // listed by git but deleted in the work tree
  }
  text.split('\n').forEach((line, i) => {
    if ([...line].length > MAX) long.push(`${file}:${i + 1}: ${[...line].length} columns`);
  });
}
if (long.length > 0) {
  process.stderr.write(`Lines over ${MAX} columns (break the string or comment):\n${long.join('\n')}\n`);
  process.exit(1);
}
