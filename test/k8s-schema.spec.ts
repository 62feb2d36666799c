/**
 * Every object in k8s/ against the Kubernetes API of a named release (test/support/k8s-schema.ts),
 * offline; and copies of the files broken the way a hand edit breaks them, to show the check fails.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { K8S_DIR, loadManifests, manifestFiles, parseManifests } from './support/k8s-manifests';
import { KUBERNETES_VERSION, MODELS_VERSION, kubernetesProblems, modelsVersion } from './support/k8s-schema';

describe(`k8s/ against the Kubernetes ${KUBERNETES_VERSION} API`, () => {
  it('checks with the kubernetes-models release generated from that version', () => {
    expect(modelsVersion()).toMatch(MODELS_VERSION);
  });

  it('has manifests of every kind the deployment needs (the Secrets are created beforehand)', () => {
    const kinds = new Set(loadManifests().map((m) => m.object.kind));
    for (const kind of [
      'ConfigMap',
      'Deployment',
      'Service',
      'PodDisruptionBudget',
      'HorizontalPodAutoscaler',
      'NetworkPolicy',
    ])
      expect([kind, kinds.has(kind)]).toEqual([kind, true]);
  });

  it('every manifest is valid', () => {
    const manifests = loadManifests();
    expect(new Set(manifests.map((m) => m.file))).toEqual(new Set(manifestFiles()));
    expect(kubernetesProblems(manifests)).toEqual([]);
  });

  it("k8s/throwaway (a throw-away cluster's example Secrets) is valid", () => {
    const manifests = loadManifests('throwaway');
    expect(manifests.map((m) => m.object.kind)).toEqual(['Secret', 'Secret', 'Secret']);
    expect(kubernetesProblems(manifests)).toEqual([]);
  });

  it('k8s/monitoring (optional: the Prometheus Operator) is valid', () => {
    const manifests = loadManifests('monitoring');
    expect(manifests.map((m) => m.object.kind)).toEqual(['PodMonitor']);
    expect(kubernetesProblems(manifests)).toEqual([]);
  });
});

describe('a broken copy of a manifest is refused', () => {
  /** The file's objects after replacing `from` (which must occur) with `to`. */
  function broken(file: string, from: string, to: string) {
    const text = readFileSync(path.join(K8S_DIR, file), 'utf8');
    expect(text).toContain(from);
    return parseManifests(file, text.replace(from, to));
  }

  it.each([
    [
      'a misspelt field',
      'catalog.yaml',
      'containerPort: 8081',
      'containerPrt: 8081',
      `'"containerPrt"' does not exist`,
    ],
    ['a misspelt field in a list', 'orders.yaml', '- port: metrics', '- prot: metrics', `'"prot"' does not exist`],
    [
      'a misspelt top-level field',
      'config.yaml',
      '\ndata:',
      '\ndataa:',
      `'"dataa"' does not exist in type 'IConfigMap'`,
    ],
    [
      'a string for an integer',
      'gateway.yaml',
      'periodSeconds: 5',
      'periodSeconds: "5"',
      'periodSeconds must be integer',
    ],
    [
      'an object for a list',
      'webhooks.yaml',
      'policyTypes:\n    - Ingress',
      'policyTypes:\n    a: Ingress',
      'policyTypes must be array',
    ],
    [
      'a required field left out',
      'inventory.yaml',
      '  maxReplicas: 6\n',
      '',
      'must have required property maxReplicas',
    ],
    ['an API version v1.26 removed', 'invoicing.yaml', 'autoscaling/v2\n', 'autoscaling/v2beta2\n', 'not served'],
    [
      'a misspelt field of a custom resource',
      'monitoring/pod-monitor.yaml',
      'interval:',
      'intervall:',
      `'"intervall"'`,
    ],
  ])('%s (%s)', (_what, file, from, to, expected) => {
    const problems = kubernetesProblems(broken(file, from, to));
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.join('\n')).toContain(expected);
  });
});
