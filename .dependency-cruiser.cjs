/**
 * The layering a test enforces (test/layering.spec.ts runs `depcruise` with these rules over
 * services/ and packages/). A service is its own deployable: it reaches another only over HTTP
 * and the broker, through the contracts. Inside a service, the domain is pure: it knows no
 * storage, no HTTP and no commands. The packages never reach into a service.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-service-imports-another',
      comment:
        'Services talk over HTTP and the broker; what they share lives in packages/ (contracts, the kit). ' +
        'Tests may start a real peer from its app.',
      severity: 'error',
      from: { path: '^services/([^/]+)/src/' },
      to: { path: '^services/([^/]+)/', pathNot: '^services/$1/' },
    },
    {
      name: 'no-package-imports-a-service',
      comment: 'The kit, the contracts and the test kit serve every service and know none.',
      severity: 'error',
      from: { path: '^packages/[^/]+/src/' },
      to: { path: '^services/' },
    },
    {
      name: 'domain-stays-pure',
      comment: "A service's domain decides from values: it imports no store, route, command, peer or module.",
      severity: 'error',
      from: { path: '^services/[^/]+/src/domain/' },
      to: { path: '^services/[^/]+/src/(store|http|commands|peers)/|^services/[^/]+/src/[^/]+\\.module\\.ts$' },
    },
    {
      name: 'store-knows-no-http-or-commands',
      comment: 'Storage is below the commands: it never calls up into them or the routes.',
      severity: 'error',
      from: { path: '^services/[^/]+/src/store/' },
      to: { path: '^services/[^/]+/src/(http|commands)/' },
    },
    {
      name: 'commands-know-no-routes',
      comment: 'Commands are called by routes and consumers, never the other way.',
      severity: 'error',
      from: { path: '^services/[^/]+/src/commands/' },
      to: { path: '^services/[^/]+/src/http/' },
    },
    {
      name: 'only-app-imports-modules',
      comment:
        "A module is composed in app.ts; what it gives its routes is an interface in deps.ts, so no file " +
        'imports a module back (a route depends on the declared interface, not on how it was built).',
      severity: 'error',
      from: { path: '^services/[^/]+/src/', pathNot: '^services/[^/]+/src/app\\.ts$' },
      to: { path: '^services/[^/]+/src/[^/]+\\.module\\.ts$' },
    },
    {
      name: 'routes-reach-no-store',
      comment:
        "A domain service's routes call commands and queries (deps.ts); storage is below them. The gateway " +
        'is no domain service: its key and settings routes are its store read over HTTP.',
      severity: 'error',
      from: { path: '^services/[^/]+/src/http/', pathNot: '^services/gateway/' },
      to: { path: '^services/[^/]+/src/store/' },
    },
    {
      name: 'no-circular-packages',
      severity: 'error',
      from: { path: '^packages/' },
      to: { circular: true, path: '^packages/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|\\.stockyard)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
