import { API_BASE_PATH, partnerApiDocument } from '@stockyard/contracts';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

type Json = Record<string, unknown>;

/** One answer of the partner API as a client received it. */
interface ReceivedAnswer {
  method: string;
  /** The request's path and query, as sent to the gateway (`/api/v1/orders?limit=5`). */
  url: string;
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * Headers of HTTP itself and of the gateway's security policy (helmet), which no API document
 * lists; every other header an answer carries must be declared on the answer's response.
 */
const TRANSPORT_HEADERS = new Set([
  'connection',
  'content-length',
  'content-type',
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'date',
  'etag',
  'keep-alive',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'transfer-encoding',
  'vary',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
]);

const DOCUMENT_ID = 'https://stockyard.invalid/openapi.json';

/** A JSON pointer segment as it goes into a URI fragment. */
const pointer = (segment: string) => encodeURIComponent(segment.replace(/~/g, '~0').replace(/\//g, '~1'));

interface Operation {
  template: string;
  method: string;
  pattern: RegExp;
  literalSegments: number;
  responses: Json;
}

/**
 * Checks answers against the partner API's OpenAPI document, as a validating proxy would: the
 * status is one the operation lists, every header beyond HTTP's own is declared on that
 * response, and a JSON body matches the response's schema. What our whole-system tests receive
 * goes through it (startStack's front), so an answer the document does not describe fails a test.
 */
export class ContractCheck {
  private readonly document = partnerApiDocument();
  private readonly operations: Operation[] = [];
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly validators = new Map<string, ValidateFunction>();

  constructor() {
    addFormats(this.ajv);
    this.ajv.addSchema(this.document, DOCUMENT_ID);
    for (const [template, item] of Object.entries(this.document.paths as Record<string, Json>)) {
      const segments = template.split('/').filter(Boolean);
      const pattern = new RegExp(
        `^/${segments.map((s) => (s.startsWith('{') ? '[^/]+' : s.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))).join('/')}$`,
      );
      for (const [method, operation] of Object.entries(item)) {
        const responses = (operation as Json).responses as Json;
        const literalSegments = segments.filter((s) => !s.startsWith('{')).length;
        this.operations.push({ template, method: method.toUpperCase(), pattern, literalSegments, responses });
      }
    }
    // Where two templates match one path, the one with more literal segments is the route.
    this.operations.sort((a, b) => b.literalSegments - a.literalSegments);
  }

  /** What is off in an answer; empty when the document describes it. Paths outside the API are not checked. */
  check(answer: ReceivedAnswer): string[] {
    const path = answer.url.split('?')[0]!;
    if (!path.startsWith(`${API_BASE_PATH}/`)) return [];
    const route = path.slice(API_BASE_PATH.length);
    const operation = this.operations.find((o) => o.method === answer.method && o.pattern.test(route));
    if (!operation) return []; // an unknown path or method: the gateway's 404/405, no operation to hold it to
    const name = `${operation.method} ${operation.template} → ${answer.status}`;
    const listed = operation.responses[String(answer.status)] as Json | undefined;
    if (!listed) return [`${name}: status not documented (documented: ${Object.keys(operation.responses).join(', ')})`];
    const { response, at } = this.resolve(listed, operation, answer.status);
    return [...this.headerIssues(name, response, answer), ...this.bodyIssues(name, response, at, answer)];
  }

  private resolve(listed: Json, operation: Operation, status: number): { response: Json; at: string } {
    const ref = listed.$ref as string | undefined;
    if (ref) {
      const names = ref.replace('#/', '').split('/');
      const response = names.reduce<Json>((node, key) => node[key] as Json, this.document);
      return { response, at: `#${names.map((n) => `/${pointer(n)}`).join('')}` };
    }
    const at = `#/paths/${pointer(operation.template)}/${operation.method.toLowerCase()}/responses/${status}`;
    return { response: listed, at };
  }

  private headerIssues(name: string, response: Json, answer: ReceivedAnswer): string[] {
    const declared = new Set(Object.keys((response.headers as Json | undefined) ?? {}).map((h) => h.toLowerCase()));
    return Object.keys(answer.headers)
      .map((h) => h.toLowerCase())
      .filter((h) => !TRANSPORT_HEADERS.has(h) && !h.startsWith('access-control-') && !declared.has(h))
      .map((h) => `${name}: header ${h} not declared`);
  }

  private bodyIssues(name: string, response: Json, at: string, answer: ReceivedAnswer): string[] {
    const content = response.content as Record<string, Json> | undefined;
    const type = String(answer.headers['content-type'] ?? '')
      .split(';')[0]!
      .trim();
    if (!content) return answer.body.length > 0 ? [`${name}: a body where none is documented`] : [];
    if (!content[type]) return [`${name}: content type ${type || '(none)'} not documented`];
    if (type !== 'application/json') return [];
    let validate: ValidateFunction;
    try {
      validate = this.validator(`${at}/content/${pointer(type)}/schema`);
    } catch (err) {
      return [`${name}: its schema does not compile (${String(err)})`];
    }
    let body: unknown;
    try {
      body = JSON.parse(answer.body);
    } catch {
      return [`${name}: body is not JSON`];
    }
    if (validate(body)) return [];
    return (validate.errors ?? []).slice(0, 5).map((e) => `${name}: body ${e.instancePath || '/'} ${e.message}`);
  }

  private validator(ref: string): ValidateFunction {
    let validate = this.validators.get(ref);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `${DOCUMENT_ID}${ref}` });
      this.validators.set(ref, validate);
    }
    return validate;
  }
}
