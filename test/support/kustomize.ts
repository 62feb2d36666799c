/**
 * What `kubectl kustomize k8s/<folder>` builds, read offline from the same files: its resources
 * (files, and folders with a kustomization of their own), each object once, with `images` applied.
 * A kustomization field it does not read fails it, so a patch or generator added later cannot
 * slip past the tests; where kubectl is installed, test/k8s-kustomize.spec.ts compares the two.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { K8S_DIR, parseManifests, type K8sObject, type Manifest } from './k8s-manifests';

interface ImageRule {
  name: string;
  newName?: string;
  newTag?: string;
  digest?: string;
}

interface Kustomization {
  resources?: string[];
  images?: ImageRule[];
}

const READ = new Set(['apiVersion', 'kind', 'resources', 'images']);

/** `stockyard/orders:latest` after the kustomization's `images` rules, as kustomize rewrites it. */
export function retag(image: string, rules: ImageRule[]): string {
  const at = image.indexOf('@');
  const named = at < 0 ? image : image.slice(0, at);
  const colon = named.lastIndexOf(':');
  const name = colon > named.lastIndexOf('/') ? named.slice(0, colon) : named;
  const rule = rules.find((r) => r.name === name);
  if (!rule) return image;
  const newName = rule.newName ?? name;
  if (rule.digest) return `${newName}@${rule.digest}`;
  const tag = rule.newTag !== undefined ? `:${rule.newTag}` : named.slice(name.length);
  return `${newName}${tag}${at < 0 ? '' : image.slice(at)}`;
}

function withImages(object: K8sObject, rules: ImageRule[]): K8sObject {
  if (rules.length === 0 || !object.spec?.template?.spec) return object;
  const copy = structuredClone(object);
  const pod = copy.spec.template.spec as Record<string, { image?: string }[] | undefined>;
  for (const list of [pod.containers, pod.initContainers]) {
    for (const container of list ?? []) if (container.image) container.image = retag(container.image, rules);
  }
  return copy;
}

const inside = (folder: string, dir: string) => folder === dir || folder.startsWith(`${dir}${path.sep}`);

/** The objects `kubectl kustomize` builds from `k8s/<folder>`; `file` is each one's path below k8s/. */
export function kustomizeBuild(folder = ''): Manifest[] {
  const dir = path.join(K8S_DIR, folder);
  const where = `k8s/${folder ? `${folder}/` : ''}kustomization.yaml`;
  const kustomization = parse(readFileSync(path.join(dir, 'kustomization.yaml'), 'utf8')) as Kustomization;
  const unread = Object.keys(kustomization).filter((key) => !READ.has(key));
  if (unread.length > 0) {
    throw new Error(`${where}: ${unread.join(', ')} not read by test/support/kustomize.ts; teach it first`);
  }
  const built = (kustomization.resources ?? []).flatMap((resource): Manifest[] => {
    const full = path.resolve(dir, resource);
    const file = path.relative(K8S_DIR, full).split(path.sep).join('/');
    if (statSync(full).isDirectory()) {
      if (inside(dir, full)) throw new Error(`${where}: ${resource} holds this folder (kustomize: "cycle detected")`);
      return kustomizeBuild(file);
    }
    if (!inside(full, dir)) throw new Error(`${where}: ${resource} is outside its folder (kustomize refuses it)`);
    return parseManifests(file, readFileSync(full, 'utf8'));
  });
  const seen = new Set<string>();
  for (const { object, file } of built) {
    const id = `${object.kind}/${object.metadata.name}`;
    if (seen.has(id)) throw new Error(`${where}: ${id} twice (again in ${file}); kustomize refuses that`);
    seen.add(id);
  }
  return built.map(({ file, object }) => ({ file, object: withImages(object, kustomization.images ?? []) }));
}
