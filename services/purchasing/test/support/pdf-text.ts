import { execFile } from 'node:child_process';
import { join } from 'node:path';

/**
 * unpdf loads PDF.js as an ES module by a dynamic import, which jest's module loader cannot
 * run; a child Node process does it (from this package, where unpdf is a devDependency).
 */
const EXTRACT = `
import { extractText, getDocumentProxy } from 'unpdf';
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const pdf = await getDocumentProxy(new Uint8Array(Buffer.concat(chunks)));
const { text, totalPages } = await extractText(pdf, { mergePages: true });
process.stdout.write(JSON.stringify({ text, pages: totalPages }));
`;

/** The text of a PDF (pages merged) and its page count, extracted by unpdf. */
export function pdfText(bytes: Buffer): Promise<{ text: string; pages: number }> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      ['--input-type=module', '-e', EXTRACT],
      { cwd: join(__dirname, '..', '..'), maxBuffer: 10 * 1024 * 1024 },
      (err, stdout, stderr) => (err ? reject(new Error(`${err.message}\n${stderr}`)) : resolve(JSON.parse(stdout))),
    );
    child.stdin!.end(bytes);
  });
}
