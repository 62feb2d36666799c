import { partnerApiDocument } from './document';

// `npm run -s openapi`: the document on stdout, nothing else, so it can be piped or saved.
process.stdout.write(`${JSON.stringify(partnerApiDocument(), null, 2)}\n`);
