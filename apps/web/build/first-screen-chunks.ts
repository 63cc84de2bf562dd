import path from 'node:path';
import { build, type Plugin, type ResolvedConfig, type Rolldown } from 'vite';

/**
 * Fewer, larger files for the first screens (issue 17). Left to itself, the bundler splits the
 * code of a screen by which of the app's forty lazy parts share each module: the announcement's
 * page came in 28 files, most under 1 KiB, the home in 14. A phone on HTTP/1.1 fetches six at a
 * time, each batch a round trip (Lighthouse simulates exactly that), and every request costs the
 * phone's main thread and the server a little. So the build runs twice: a first, planning pass
 * splits as the bundler likes; then each module that a first screen's files hold, apart from the
 * entry's, goes into one chunk per set of first screens that need it ("screen-annonce",
 * "screen-home-search"…). A screen then fetches its own module and a few such chunks; what it
 * downloads never grows, since only modules it already loaded are merged. The app's other lazy
 * parts that share such modules import the same chunks: a little more code for them, usually
 * already on the device (the service worker keeps the first screens' files).
 */

/** Set while the planning pass runs: vite.config.ts leaves this plugin and the first-load one out. */
export const PLANNING_PASS_ENV = 'VEILLEURS_CHUNK_PLANNING';

export const isPlanningPass = () => process.env[PLANNING_PASS_ENV] === '1';

/** What the plan needs of a chunk of the planning pass's output. */
export interface PlannedChunk {
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  moduleIds: readonly string[];
  imports: readonly string[];
}

/**
 * Module id → the chunk it goes into: for every first screen (module id → its short name), the
 * modules of the files it loads before it runs (its static imports, transitively), except the
 * page entry's own and the screen's module itself, named after the set of screens that load them.
 * Another entry (the back office) that shares some of them imports the planned chunks instead.
 */
export function planFirstScreenChunks(
  chunks: readonly PlannedChunk[],
  pageEntryId: string,
  screens: ReadonlyMap<string, string>,
): Map<string, string> {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const loadedWith = (start: readonly PlannedChunk[]) => {
    const files = new Set<string>();
    const pending = start.map((chunk) => chunk.fileName);
    for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
      if (files.has(file)) continue;
      files.add(file);
      pending.push(...(byFile.get(file)?.imports ?? []));
    }
    return files;
  };
  const entry = chunks.find((chunk) => chunk.isEntry && chunk.facadeModuleId === pageEntryId);
  if (!entry) throw new Error(`${pageEntryId} is not an entry of the build`);
  const withEntry = loadedWith([entry]);
  const screensOf = new Map<string, string[]>();
  for (const [screenId, name] of screens) {
    const own = chunks.find((chunk) => chunk.facadeModuleId === screenId);
    if (!own) throw new Error(`${screenId} is not a lazy part of the build`);
    for (const file of loadedWith([own])) {
      if (file === own.fileName || withEntry.has(file)) continue;
      for (const id of byFile.get(file)?.moduleIds ?? []) {
        // The bundler's own helpers (ids starting with NUL) stay where it puts them.
        if (id.startsWith('\0')) continue;
        screensOf.set(id, [...(screensOf.get(id) ?? []), name]);
      }
    }
  }
  const plan = new Map<string, string>();
  for (const [id, names] of screensOf)
    plan.set(id, `screen-${[...new Set(names)].sort().join('-')}`);
  return plan;
}

function outputChunks(output: unknown): PlannedChunk[] {
  const outputs = (Array.isArray(output) ? output : [output]) as Rolldown.RolldownOutput[];
  return outputs.flatMap((each) =>
    each.output.flatMap((item) =>
      item.type === 'chunk'
        ? [
            {
              fileName: item.fileName,
              isEntry: item.isEntry,
              facadeModuleId: item.facadeModuleId,
              moduleIds: item.moduleIds,
              imports: item.imports,
            },
          ]
        : [],
    ),
  );
}

/**
 * The plugin: before the build, a planning pass of the same configuration, written nowhere; then
 * the planned chunks as the bundler's code-splitting groups. `pageEntry`: the page the screens
 * live in; `screens`: the first screens' modules; both relative to the web app's root.
 */
export function firstScreenChunks(pageEntry: string, screens: readonly string[]): Plugin {
  let config: ResolvedConfig;
  let plan = new Map<string, string>();
  return {
    name: 'veilleurs-first-screen-chunks',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async buildStart() {
      process.env[PLANNING_PASS_ENV] = '1';
      let output: unknown;
      try {
        output = await build({
          configFile: config.configFile,
          root: config.root,
          mode: config.mode,
          logLevel: 'warn',
          build: { write: false, emptyOutDir: false },
        });
      } finally {
        delete process.env[PLANNING_PASS_ENV];
      }
      const named = new Map(
        screens.map((file) => [
          path.resolve(config.root, file),
          path.basename(file).replace(/\.tsx?$/, ''),
        ]),
      );
      plan = planFirstScreenChunks(
        outputChunks(output),
        path.resolve(config.root, pageEntry),
        named,
      );
    },
    outputOptions(options) {
      const group = {
        name: (id: string) => plan.get(id) ?? null,
        test: (id: string) => plan.has(id),
        // Only the planned modules: their dependencies stay where the bundler puts them (the
        // entry's, above all).
        includeDependenciesRecursively: false,
      };
      const codeSplitting = typeof options.codeSplitting === 'object' ? options.codeSplitting : {};
      return {
        ...options,
        codeSplitting: { ...codeSplitting, groups: [...(codeSplitting.groups ?? []), group] },
      };
    },
  };
}
