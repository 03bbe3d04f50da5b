// The layering rules `npm run lint` checks (dependency-cruiser; README "Architecture" says why).
// Type-only imports count: a circle of types costs nothing at run time, but it is the same knot
// for whoever wants to move one of its modules.

/** The recursive admin form: a field renders fieldsets and lists, which render fields again. */
const RECURSIVE_ADMIN_FORM = '^src/islands/admin/schema-form/';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-import-circle',
      comment:
        'Modules that import each other, directly or around a longer loop, are one knot: move what both need ' +
        'into a lower module, or pass it in from above. Only the recursive admin form may loop.',
      severity: 'error',
      from: { pathNot: RECURSIVE_ADMIN_FORM },
      to: { circular: true },
    },
    {
      name: 'shell-kit-imports-no-domain',
      comment:
        'src/lib/shell is the base kit (menus, notifications, progress, consent, web storage) that domains build ' +
        'on: it imports only itself and the shared constants. Code that wires domains together belongs in ' +
        "src/lib/app (the start-up orchestrator), a domain's own view in that domain.",
      severity: 'error',
      from: { path: '^src/lib/shell/' },
      to: { path: '^src/', pathNot: ['^src/lib/shell/', '^src/lib/shared/'] },
    },
    {
      name: 'shared-constants-import-nothing',
      comment:
        'src/lib/shared holds constants every layer reads (currencies): a leaf, so importing one never ' +
        'pulls a store or a domain along.',
      severity: 'error',
      from: { path: '^src/lib/shared/' },
      to: { path: '^src/', pathNot: '^src/lib/shared/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Count `import type` too (see above).
    tsPreCompilationDeps: true,
    // #lib/*, #islands/* ... are package.json "imports"; enhanced-resolve reads them, with the
    // extensions and conditions that tsconfig's resolution (bundler, .ts extensions) uses.
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'types', 'default'],
    },
  },
};
