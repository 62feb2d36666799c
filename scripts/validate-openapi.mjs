// Validates an OpenAPI document read from stdin against the official OpenAPI 3.1 schema
// (@seriousme/openapi-schema-validator, an ES module, so run apart from jest) and prints
// `{"valid": boolean, "version": string, "errors": [...]}`.
import { Validator } from '@seriousme/openapi-schema-validator';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const validator = new Validator();
const result = await validator.validate(JSON.parse(Buffer.concat(chunks).toString('utf8')));
process.stdout.write(JSON.stringify({ valid: result.valid, version: validator.version, errors: result.errors ?? [] }));
