// @ts-check
/**
 * Keeps the areas of the code apart, so the boundaries of docs/architecture.md hold by themselves:
 * - a web feature (apps/web/src/features/<name>) imports no other feature: shared code lives in
 *   components/ and lib/;
 * - a server module (apps/server/src/modules/<name>) is reached from another module, and from the
 *   rest of the server (app.ts, jobs/, cli/, plugins/, …), only through its index.ts; tests (and
 *   other testing/ helpers) may also use its testing/ folder of factories and fixtures, production
 *   code may not;
 * - the domain package imports nothing of either app.
 * Imports are resolved from the importing file, so relative paths and the web's "@/" alias are both
 * seen.
 */
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const webSrc = path.join(root, 'apps/web/src');
const serverSrc = path.join(root, 'apps/server/src');
const serverModules = path.join(serverSrc, 'modules');
const domainSrc = path.join(root, 'packages/domain');
const apps = path.join(root, 'apps');

/** The absolute path an import names, or null for a package import. */
function resolveImport(importer, specifier) {
  if (specifier.startsWith('@/')) return path.join(webSrc, specifier.slice(2));
  if (specifier.startsWith('.')) return path.resolve(path.dirname(importer), specifier);
  return null;
}

/** Test code: a *.test.ts file, or a helper in a module's testing/ folder. */
function isTestCode(file) {
  return (
    /\.test\.tsx?$/.test(file) ||
    path.relative(serverModules, file).split(path.sep)[1] === 'testing'
  );
}

/** "jobs/" or "app.ts": where a server file outside modules/ lies, or null outside the server. */
function serverPlaceOf(file) {
  const relative = path.relative(serverSrc, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [first, ...rest] = relative.split(path.sep);
  return rest.length > 0 ? `${first}/` : first;
}

/** "<area>" when `file` lies in `base/<area>/…`, else null. */
function areaOf(base, file) {
  const relative = path.relative(base, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [area, ...rest] = relative.split(path.sep);
  return rest.length > 0 || base === serverModules ? area : null;
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Areas import each other only through their public entry points' },
    messages: {
      webFeature:
        'The {{from}} feature imports the {{to}} feature: move what both need to components/ or lib/.',
      serverModule:
        'The {{from}} module reaches into the {{to}} module ({{file}}): import it from "../{{to}}/index" and export it there.',
      serverOutsideModule:
        "apps/server/src/{{from}} reaches into the {{to}} module ({{file}}): import it from the module's index.ts and export it there.",
      testingHelperInProduction:
        '{{from}} imports test helpers of the {{to}} module ({{file}}) outside a test: only *.test.ts files and testing/ folders may.',
      domainImportsApp:
        'The domain package imports app code ({{specifier}}): the domain depends on neither app.',
    },
    schema: [],
  },
  create(context) {
    const importer = context.filename;
    const check = (node, specifier) => {
      if (typeof specifier !== 'string') return;
      if (importer.startsWith(domainSrc + path.sep)) {
        const target = resolveImport(importer, specifier);
        if (
          (target && target.startsWith(apps + path.sep)) ||
          /^@app\/(server|web)\b/.test(specifier)
        ) {
          context.report({ node, messageId: 'domainImportsApp', data: { specifier } });
        }
        return;
      }
      const target = resolveImport(importer, specifier);
      if (!target) return;
      const features = path.join(webSrc, 'features');
      const fromFeature = areaOf(features, importer);
      const toFeature = areaOf(features, target);
      if (fromFeature && toFeature && fromFeature !== toFeature) {
        context.report({
          node,
          messageId: 'webFeature',
          data: { from: fromFeature, to: toFeature },
        });
        return;
      }
      const fromModule = areaOf(serverModules, importer);
      const toModule = areaOf(serverModules, target);
      // The rest of the server (app.ts, jobs/, cli/, plugins/, …) is held to the same entry points.
      const fromOutside = fromModule ? null : serverPlaceOf(importer);
      if (toModule && (fromOutside || (fromModule && fromModule !== toModule))) {
        const inside = path.relative(path.join(serverModules, toModule), target);
        const entryPoint = inside === '' || inside === 'index' || inside === 'index.ts';
        const testingHelper = inside.split(path.sep)[0] === 'testing';
        if (testingHelper && !isTestCode(importer)) {
          context.report({
            node,
            messageId: 'testingHelperInProduction',
            data: {
              from: fromModule ? `The ${fromModule} module` : `apps/server/src/${fromOutside}`,
              to: toModule,
              file: inside,
            },
          });
        } else if (!entryPoint && !testingHelper) {
          context.report({
            node,
            messageId: fromModule ? 'serverModule' : 'serverOutsideModule',
            data: { from: fromModule ?? fromOutside, to: toModule, file: inside },
          });
        }
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) =>
        node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

export default { rules: { 'module-boundaries': rule } };
