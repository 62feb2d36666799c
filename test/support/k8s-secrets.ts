/**
 * What must never be in the set `kubectl apply -k k8s` applies: a Secret (its placeholders would
 * overwrite the real one on every apply), a placeholder value, a login in a URL, or a secret-named
 * setting in plain config (a ConfigMap, a container's literal env).
 */
import { describeManifest, type Manifest } from './k8s-manifests';

const PLACEHOLDER = /replace[-_ ]?me|change[-_ ]?me|placeholder/i;
const URL_LOGIN = /\/\/[^/\s@:]+:[^/\s@]+@/;
const SECRET_NAME = /SECRET|PASSWORD|PASSWD|TOKEN|ACCESS_KEY|PRIVATE_KEY|CREDENTIAL/i;

/** Every string in `value` with its path (`spec.template.spec.containers[0].env[1].value`). */
function strings(value: unknown, at: string): [string, string][] {
  if (typeof value === 'string') return [[at, value]];
  if (Array.isArray(value)) return value.flatMap((v, i) => strings(v, `${at}[${i}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => strings(v, at ? `${at}.${k}` : k));
  }
  return [];
}

interface Container {
  env?: { name: string; value?: string }[];
}

/** The settings an object holds in the clear: a ConfigMap's data, its containers' literal env. */
function settings({ object }: Manifest): [string, string][] {
  if (object.kind === 'ConfigMap') return Object.entries(object.data ?? {});
  const pod = object.spec?.template?.spec as { containers?: Container[]; initContainers?: Container[] } | undefined;
  return [...(pod?.containers ?? []), ...(pod?.initContainers ?? [])].flatMap((c) =>
    (c.env ?? []).filter((e) => e.value !== undefined).map((e): [string, string] => [e.name, String(e.value)]),
  );
}

/** One line per problem, naming the object and the field; empty when the set is clean. */
export function secretProblems(manifests: Manifest[]): string[] {
  return manifests.flatMap((manifest) => {
    const where = describeManifest(manifest);
    const problems: string[] = [];
    if (manifest.object.kind === 'Secret') problems.push(`${where}: a Secret in the applied set`);
    for (const [at, value] of strings(manifest.object, '')) {
      if (PLACEHOLDER.test(value)) problems.push(`${where}: ${at} is a placeholder (${value})`);
      if (URL_LOGIN.test(value)) problems.push(`${where}: ${at} carries a login in a URL`);
    }
    for (const [key, value] of settings(manifest)) {
      if (SECRET_NAME.test(key) && value !== '') problems.push(`${where}: ${key} is a secret in plain config`);
    }
    return problems;
  });
}
