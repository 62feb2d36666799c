import { internalApiDocument } from './internal-document';

// `npm run -s openapi:internal`: the internal API's document on stdout, nothing else.
process.stdout.write(`${JSON.stringify(internalApiDocument(), null, 2)}\n`);
