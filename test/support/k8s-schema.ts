/**
 * Checks manifests offline against the API of one Kubernetes release, as a strict
 * server-side validation (`kubectl apply --validate=strict`) would:
 *
 * - the object's OpenAPI schema (types, formats, enums, required fields) with the validators
 *   kubernetes-models generated from that release's OpenAPI document;
 * - unknown fields, which the OpenAPI schemas let through (they declare no
 *   `additionalProperties: false`), with the TypeScript interfaces kubernetes-models generated
 *   from the same document: each object is written as a typed object literal and compiled,
 *   so a misspelt key is an excess property and a wrong type a type error.
 *
 * kubernetes-models keeps the models of API versions that releases before it removed (say
 * `autoscaling/v2beta2`, gone since v1.26), so only the GA group versions the release serves are
 * accepted; a manifest of any other is refused.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describeManifest, type Manifest } from './k8s-manifests';

/**
 * The release whose API the manifests are checked against: kubernetes-models 4.5.x was
 * generated from Kubernetes v1.33.0 (its changelog). 5.x (v1.36) is ESM-only and needs Node 22;
 * the repository runs jest as CommonJS on Node 20.
 */
export const KUBERNETES_VERSION = 'v1.33.0';
export const MODELS_VERSION = /^4\.5\.\d+$/;

/** The GA API group versions Kubernetes v1.33 serves by default (no beta or alpha API is used here). */
const GA_API_VERSIONS = new Set([
  'v1',
  'admissionregistration.k8s.io/v1',
  'apiextensions.k8s.io/v1',
  'apiregistration.k8s.io/v1',
  'apps/v1',
  'authentication.k8s.io/v1',
  'authorization.k8s.io/v1',
  'autoscaling/v1',
  'autoscaling/v2',
  'batch/v1',
  'certificates.k8s.io/v1',
  'coordination.k8s.io/v1',
  'discovery.k8s.io/v1',
  'events.k8s.io/v1',
  'flowcontrol.apiserver.k8s.io/v1',
  'networking.k8s.io/v1',
  'node.k8s.io/v1',
  'policy/v1',
  'rbac.authorization.k8s.io/v1',
  'scheduling.k8s.io/v1',
  'storage.k8s.io/v1',
]);

/**
 * Custom resources checked the same way, with the package of models generated from their CRDs:
 * the Prometheus Operator's (k8s/monitoring, optional), v0.65.1's CRDs in 4.4.x.
 */
const CRD_MODELS: Record<string, string> = {
  'monitoring.coreos.com/v1': '@kubernetes-models/prometheus-operator',
};

const ROOT = path.resolve(__dirname, '..', '..');
const packageDir = (name: string) => path.dirname(require.resolve(`${name}/package.json`));
const MODELS_DIR = packageDir('kubernetes-models');

export const modelsVersion = (): string =>
  (JSON.parse(readFileSync(path.join(MODELS_DIR, 'package.json'), 'utf8')) as { version: string }).version;

/** `apps/v1` + `Deployment` -> `kubernetes-models/apps/v1/Deployment`; core `v1` -> `kubernetes-models/v1/...`. */
function modelModule({ apiVersion, kind }: { apiVersion?: unknown; kind?: unknown }): string | undefined {
  if (typeof apiVersion !== 'string' || typeof kind !== 'string' || !/^[A-Z][A-Za-z0-9]*$/.test(kind)) return undefined;
  const models = GA_API_VERSIONS.has(apiVersion) ? 'kubernetes-models' : CRD_MODELS[apiVersion];
  if (!models) return undefined;
  return existsSync(path.join(packageDir(models), apiVersion, `${kind}.d.ts`))
    ? `${models}/${apiVersion}/${kind}`
    : undefined;
}

interface ModelClass {
  new (data: unknown): { validate(): void };
}

/** The OpenAPI schema's verdict: kubernetes-models' generated validator. */
function schemaProblems(module: string, manifest: Manifest): string[] {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the model is chosen by apiVersion and kind
  const Model = (require(module) as Record<string, ModelClass>)[manifest.object.kind];
  if (!Model) return [`${module} exports no ${manifest.object.kind}`];
  try {
    new Model(manifest.object).validate();
    return [];
  } catch (err) {
    return [err instanceof Error ? err.message : String(err)];
  }
}

const COMPILER_OPTIONS: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  skipLibCheck: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.CommonJS,
  moduleResolution: ts.ModuleResolutionKind.Node10,
  lib: ['lib.es2022.d.ts'],
  types: [],
};

const parsedDeclarations = new Map<string, ts.SourceFile | undefined>();

/**
 * The compiler's verdict on each object written as `const docN: I<Kind> = <the object>`, in one
 * program held in memory (resolved from the repository root, so node_modules is found).
 */
function typeProblems(typed: { manifest: Manifest; module: string }[]): string[][] {
  const fileName = path.join(ROOT, 'test', '__k8s_manifests__.ts');
  const imports = typed.map(
    ({ manifest, module }, i) => `import type { I${manifest.object.kind} as T${i} } from '${module}';`,
  );
  let text = `${imports.join('\n')}\n`;
  const ranges: [number, number][] = [];
  typed.forEach(({ manifest }, i) => {
    const start = text.length;
    text += `export const doc${i}: T${i} = ${JSON.stringify(manifest.object, null, 2)};\n`;
    ranges.push([start, text.length]);
  });
  const host = ts.createCompilerHost(COMPILER_OPTIONS);
  const getSourceFile = host.getSourceFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const readFile = host.readFile.bind(host);
  host.getSourceFile = (name, version, ...rest) => {
    if (name === fileName) return ts.createSourceFile(name, text, version);
    // The library and model declarations are parsed once per test file, not once per check.
    if (!parsedDeclarations.has(name)) parsedDeclarations.set(name, getSourceFile(name, version, ...rest));
    return parsedDeclarations.get(name);
  };
  host.fileExists = (name) => name === fileName || fileExists(name);
  host.readFile = (name) => (name === fileName ? text : readFile(name));
  const program = ts.createProgram([fileName], COMPILER_OPTIONS, host);
  const source = program.getSourceFile(fileName)!;
  const problems = typed.map((): string[] => []);
  const diagnostics = [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)];
  for (const diagnostic of diagnostics) {
    const at = diagnostic.start ?? 0;
    const index = ranges.findIndex(([start, end]) => at >= start && at < end);
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
    const line = text.slice(text.lastIndexOf('\n', at) + 1, text.indexOf('\n', at)).trim();
    if (index < 0) throw new Error(`checking the manifests' types failed: ${message}`);
    problems[index]!.push(`${message} (at ${line})`);
  }
  return problems;
}

/** Every problem of every manifest, each line naming its object; empty when all are valid. */
export function kubernetesProblems(manifests: Manifest[]): string[] {
  const problems: string[] = [];
  const typed: { manifest: Manifest; module: string }[] = [];
  for (const manifest of manifests) {
    const module = modelModule(manifest.object);
    if (!module) {
      const { apiVersion, kind } = manifest.object;
      problems.push(
        `${describeManifest(manifest)}: ${apiVersion} ${kind} is not served by Kubernetes ${KUBERNETES_VERSION}`,
      );
      continue;
    }
    for (const p of schemaProblems(module, manifest)) problems.push(`${describeManifest(manifest)}: ${p}`);
    typed.push({ manifest, module });
  }
  typeProblems(typed).forEach((list, i) => {
    for (const p of list) problems.push(`${describeManifest(typed[i]!.manifest)}: ${p}`);
  });
  return problems;
}
