// @ts-check
/**
 * Server modules depend on each other one way only (docs/architecture.md, "Module boundaries"): when
 * a file of module A imports module B, nothing in B may lead back to A, directly or through other
 * modules. A cycle between module indexes makes the order in which they load matter, and hides
 * which module owns what; a service both need is built in app.ts (createSharedServices) and
 * handed in, or a small interface is declared by the module that uses it.
 *
 * The rule reads the modules' production files from disk once per lint run (tests are left out:
 * nothing imports them, so they close no cycle), and takes the file being linted from its own
 * syntax tree, so an edit in an editor is seen at once.
 */
import fs from 'node:fs';
import path from 'node:path';

const defaultModulesDir = path.resolve(import.meta.dirname, '..', 'apps/server/src/modules');

/** Test code: a *.test.ts file, or a helper in a module's testing/ folder. */
function isTestCode(modulesDir, file) {
  return (
    /\.test\.ts$/.test(file) || path.relative(modulesDir, file).split(path.sep)[1] === 'testing'
  );
}

/** The module a file lies in, or null outside the modules folder. */
function moduleOf(modulesDir, file) {
  const relative = path.relative(modulesDir, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [area, ...rest] = relative.split(path.sep);
  return rest.length > 0 ? area : null;
}

/** The other modules a file's import specifiers name. */
function modulesNamed(modulesDir, file, specifiers) {
  const own = moduleOf(modulesDir, file);
  const named = new Set();
  for (const specifier of specifiers) {
    if (!specifier.startsWith('.')) continue;
    const target = moduleOf(modulesDir, path.resolve(path.dirname(file), specifier));
    if (target && target !== own) named.add(target);
  }
  return named;
}

const SPECIFIERS = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm;

/** module → (module it imports → the first file that does), from the files on disk. */
function readGraph(modulesDir) {
  /** @type {Map<string, Map<string, string>>} */
  const graph = new Map();
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.tsx?$/.test(entry.name) && !isTestCode(modulesDir, file)) {
        const source = fs.readFileSync(file, 'utf8');
        const specifiers = [...source.matchAll(SPECIFIERS)].map((match) => match[1]);
        const own = /** @type {string} */ (moduleOf(modulesDir, file));
        const edges = graph.get(own) ?? new Map();
        graph.set(own, edges);
        for (const target of modulesNamed(modulesDir, file, specifiers)) {
          if (!edges.has(target)) edges.set(target, path.relative(modulesDir, file));
        }
      }
    }
  };
  if (fs.existsSync(modulesDir)) walk(modulesDir);
  return graph;
}

/** @type {Map<string, Map<string, Map<string, string>>>} */
const graphs = new Map();

/** The modules' graph of this lint run, read once per modules folder. */
function graphOf(modulesDir) {
  let graph = graphs.get(modulesDir);
  if (!graph) {
    graph = readGraph(modulesDir);
    graphs.set(modulesDir, graph);
  }
  return graph;
}

/** The modules from `from` to `to` ("annonces", "notifications", "admin"), or null. */
function pathBetween(graph, from, to) {
  const previous = new Map([[from, null]]);
  const queue = [from];
  while (queue.length > 0) {
    const module = /** @type {string} */ (queue.shift());
    if (module === to) {
      const steps = [];
      for (let at = module; at !== null; at = previous.get(at)) steps.unshift(at);
      return steps;
    }
    for (const next of (graph.get(module) ?? new Map()).keys()) {
      if (!previous.has(next)) {
        previous.set(next, module);
        queue.push(next);
      }
    }
  }
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Server modules depend on each other one way, without cycles' },
    messages: {
      cycle:
        'The {{from}} module imports the {{to}} module, which already depends on it ({{path}}, in {{file}}): build what both need in app.ts and hand it in, or declare a small interface in the module that uses it.',
    },
    schema: [
      {
        type: 'object',
        properties: { modulesDir: { type: 'string' } },
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const modulesDir = context.options[0]?.modulesDir ?? defaultModulesDir;
    const file = context.filename;
    const own = moduleOf(modulesDir, file);
    if (!own || isTestCode(modulesDir, file)) return {};
    /** @type {{ node: import('estree').Node, specifier: string }[]} */
    const imports = [];
    const collect = (node, specifier) => {
      if (typeof specifier === 'string') imports.push({ node, specifier });
    };
    return {
      ImportDeclaration: (node) => collect(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && collect(node.source, node.source.value),
      ExportAllDeclaration: (node) => collect(node.source, node.source.value),
      ImportExpression: (node) =>
        node.source.type === 'Literal' && collect(node.source, node.source.value),
      'Program:exit': () => {
        // A path back stops at this module, so only the other modules' files are read from disk.
        const graph = graphOf(modulesDir);
        for (const { node, specifier } of imports) {
          for (const target of modulesNamed(modulesDir, file, [specifier])) {
            const back = pathBetween(graph, target, own);
            if (!back) continue;
            const closing = graph.get(/** @type {string} */ (back.at(-2)))?.get(own);
            context.report({
              node,
              messageId: 'cycle',
              data: {
                from: own,
                to: target,
                path: [own, ...back].join(' → '),
                file: closing ?? '',
              },
            });
          }
        }
      },
    };
  },
};

export default { rules: { 'module-cycles': rule } };
