/** The objects of k8s/*.yaml (kustomization.yaml aside), each with its file; what kustomize builds: kustomize.ts. */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';

export const K8S_DIR = path.resolve(__dirname, '..', '..', 'k8s');

export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a manifest: tests read its fields one by one
  spec?: any;
  data?: Record<string, string>;
  stringData?: Record<string, string>;
}

export interface Manifest {
  file: string;
  object: K8sObject;
}

/**
 * The manifest files of k8s/ (`kubectl apply -k k8s` applies them: the test of kustomization.yaml
 * keeps the lists equal), or of a folder below it (k8s/monitoring: optional, applied by hand; k8s/throwaway:
 * a throw-away cluster's example Secrets).
 */
export const manifestFiles = (folder = ''): string[] =>
  readdirSync(path.join(K8S_DIR, folder))
    .filter((f) => f.endsWith('.yaml') && f !== 'kustomization.yaml')
    .map((f) => path.posix.join(folder, f))
    .sort();

/** Every object of one file; YAML errors throw, naming the file. */
export function parseManifests(file: string, text: string): Manifest[] {
  return parseAllDocuments(text)
    .map((doc) => {
      if (doc.errors.length > 0) throw new Error(`${file}: ${doc.errors.map((e) => e.message).join('; ')}`);
      return doc.toJS() as K8sObject | null;
    })
    .filter((object): object is K8sObject => object !== null)
    .map((object) => ({ file, object }));
}

export const loadManifests = (folder = ''): Manifest[] =>
  manifestFiles(folder).flatMap((file) => parseManifests(file, readFileSync(path.join(K8S_DIR, file), 'utf8')));

/** "Deployment/catalog (catalog.yaml)": how failures name an object. */
export const describeManifest = ({ file, object }: Manifest) => `${object.kind}/${object.metadata?.name} (${file})`;
