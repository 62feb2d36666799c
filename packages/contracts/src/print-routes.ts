import { ROUTES } from './routes';

// Machine-readable on purpose (diffed against the spec's table), so no header or decoration.
process.stdout.write(ROUTES.map((r) => `${r.method}\t${r.path}\t${r.service}\t${r.permission}\n`).join(''));
