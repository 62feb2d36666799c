/**
 * What `kubectl apply -k k8s` applies, and what a throw-away cluster adds with
 * `kubectl apply -k k8s/throwaway`: the real Secrets are created beforehand and never in the
 * applied set (before issue #40 it held the example ones, so every apply overwrote the real
 * Secrets with placeholders); the example Secrets complete the base and nothing more.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { K8S_DIR, loadManifests, manifestFiles, type K8sObject, type Manifest } from './support/k8s-manifests';
import { secretProblems } from './support/k8s-secrets';
import { kustomizeBuild, retag } from './support/kustomize';

const applied = kustomizeBuild();
const throwaway = kustomizeBuild('throwaway');
const id = ({ object }: Manifest) => `${object.kind}/${object.metadata.name}`;

interface Container {
  envFrom?: { secretRef?: { name: string } }[];
}

/** The Secrets the applied set's pods read (envFrom), by name. */
const secretsRead = () =>
  [
    ...new Set(
      applied.flatMap(({ object }) =>
        ((object.spec?.template?.spec?.containers ?? []) as Container[]).flatMap((c) =>
          (c.envFrom ?? []).flatMap((source) => (source.secretRef ? [source.secretRef.name] : [])),
        ),
      ),
    ),
  ].sort();

describe('kubectl apply -k k8s (the applied set)', () => {
  it('is every manifest in k8s/ and nothing else', () => {
    expect([...new Set(applied.map((m) => m.file))].sort()).toEqual(manifestFiles());
    expect(applied.map(id).sort()).toEqual(loadManifests().map(id).sort());
  });

  it('holds no Secret, no placeholder and no secret in plain config', () => {
    expect(secretProblems(applied)).toEqual([]);
  });

  it('is refused with an example Secret in it, or a placeholder in its config', () => {
    const config = applied.find((m) => m.object.kind === 'ConfigMap')!;
    const leaky: Manifest = {
      ...config,
      object: { ...config.object, data: { ...config.object.data, IDENTITY_SECRET: 'replace-me-please' } },
    };
    const problems = secretProblems([...applied.filter((m) => m !== config), leaky, ...throwaway]);
    expect(problems).toEqual(
      expect.arrayContaining([
        'Secret/stockyard-secrets (throwaway/secrets.example.yaml): a Secret in the applied set',
        expect.stringMatching(/^ConfigMap\/stockyard-config .*: data\.IDENTITY_SECRET is a placeholder/),
        'ConfigMap/stockyard-config (config.yaml): IDENTITY_SECRET is a secret in plain config',
        expect.stringMatching(/stringData\.MONGO_URL carries a login in a URL$/),
      ]),
    );
  });

  it('points the images at the tags kustomization.yaml pins', () => {
    const images = applied.flatMap(({ object }) =>
      ((object.spec?.template?.spec?.containers ?? []) as { image: string }[]).map((c) => c.image),
    );
    expect(images).toHaveLength(7);
    for (const image of images) expect(image).toMatch(/^stockyard\/[a-z]+:latest$/);
    expect(retag('stockyard/orders:1.0', [{ name: 'stockyard/orders', newName: 'r.io/o', newTag: '2.0' }])).toBe(
      'r.io/o:2.0',
    );
  });
});

describe('kubectl apply -k k8s/throwaway (the example Secrets)', () => {
  it('builds the Secrets every pod of the applied set reads, and nothing else', () => {
    expect(throwaway.map((m) => m.object.kind)).toEqual(['Secret', 'Secret', 'Secret']);
    expect(throwaway.map((m) => m.object.metadata.name).sort()).toEqual(secretsRead());
    expect(secretsRead()).toEqual(['stockyard-purchasing-secrets', 'stockyard-secrets', 'stockyard-webhooks-secrets']);
  });

  it('adds to the applied set without clashing with it (one object per kind and name)', () => {
    const ids = [...applied, ...throwaway].map(id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('holds placeholders only (a real value never lands in the repository)', () => {
    for (const { object } of throwaway) {
      const values = Object.values({ ...object.data, ...object.stringData });
      expect(values.length).toBeGreaterThan(0);
      for (const value of values) expect([value, /replace-me|cmVwbGFjZS1tZ/.test(value)]).toEqual([value, true]);
    }
  });
});

/** `kubectl kustomize k8s/<folder>`, the objects by kind/name; undefined without kubectl. */
function kubectlBuild(folder: string): Record<string, K8sObject> | undefined {
  const run = spawnSync('kubectl', ['kustomize', path.join(K8S_DIR, folder)], { encoding: 'utf8', timeout: 30_000 });
  if (run.error) return undefined;
  if (run.status !== 0) throw new Error(`kubectl kustomize k8s/${folder} failed:\n${run.stderr}`);
  const objects = parseAllDocuments(run.stdout).map((doc) => doc.toJS() as K8sObject);
  return Object.fromEntries(objects.map((o) => [`${o.kind}/${o.metadata.name}`, o]));
}

const hasKubectl = !spawnSync('kubectl', ['version', '--client'], { timeout: 30_000 }).error;

describe('kubectl kustomize, where installed, builds what the tests read', () => {
  (hasKubectl ? it.each : it.skip.each)([[''], ['throwaway']])('k8s/%s', (folder) => {
    const ours = folder ? throwaway : applied;
    expect(kubectlBuild(folder)).toEqual(Object.fromEntries(ours.map((m) => [id(m), m.object])));
  });
});
