import { basename, dirname, resolve } from 'node:path';

interface ModuleInfo {
  isEntry: boolean;
  code: string | null;
  importers: readonly string[];
  dynamicImporters: readonly string[];
  importedIds: readonly string[];
}

/** What rolldown's chunk-name functions can ask of the module graph. */
interface ModuleGraph {
  getModuleInfo(id: string): ModuleInfo | null;
}

/** The lazy pages people land on from outside: the listing and the detail. */
const LISTING = /[\\/]src[\\/]app[\\/]routes[\\/]catalog-route\.tsx$/;
const DETAIL = /[\\/]src[\\/]app[\\/]routes[\\/]detail-route\.tsx$/;
/** The top bar's lazy parts (account buttons or menu, badges): loaded on every page, right after it paints. */
const SHELL = /[\\/]src[\\/]app[\\/]layout[\\/]top-bar\.tsx$/;
/** Lazy parts of the landing page (its carousels, the picker, the team). */
const LANDING = /[\\/]src[\\/]features[\\/]landing[\\/]/;

/** `export { a, default as B } from './x'` and `export * from './y'` (a barrel's lines). */
const RE_EXPORT = /export\s*(\*|\{([^}]*)\})\s*from\s*['"]([^'"]+)['"]/g;
/** `import { a, b as c } from 'x'`, `import * as x from 'x'`, `import x from 'x'`: what a module takes from where. */
const IMPORT_FROM = /import\s*(?:type\s+)?([\w$]+\s*,\s*)?(\*\s*(?:as\s+[\w$]+)?|\{([^}]*)\})?\s*from\s*['"]([^'"]+)['"]/g;

const namesOf = (list: string, side: 'exported' | 'imported') =>
  list
    .split(',')
    .map((part) => part.trim().split(/\s+as\s+/))
    .filter((parts) => parts[0] !== '' && parts[0] !== 'type')
    .map((parts) => (side === 'exported' ? parts[parts.length - 1] : parts[0]).replace(/^type\s+/, ''));

/**
 * Chunks by page instead of by module. Left alone, rolldown splits every module two lazy parts share into a chunk of
 * its own, including modules the entry already loads (rolldown issue #10731): the listing needed 73 files of 1–20 kB,
 * each a request and a `<link rel=modulepreload>` on the page's first load. Named here instead, the first rule that
 * applies:
 * - `app`: a module the entry (src/main.tsx) uses, loaded with it anyway;
 * - `shell`: one the top bar's lazy parts use (account buttons or menu, badges), loaded on every page after it paints;
 * - `landing`: one the landing page's lazy parts use;
 * - `pages-public`, `page-listing`, `page-detail`: one the listing and/or the detail use, the pages people land on;
 * - `page-<name>`: one only a single other lazy part uses; `pages-shared`: the rest.
 * Who uses a module is read through barrels (`antd`, `@ant-design/icons`): importing `Button` from `antd` uses antd's
 * button, not the 80 other components its index re-exports.
 */
export function pageChunkNameFactory() {
  const reExports = new Map<string, { names: Map<string, string>; stars: string[] }>();
  const users = new Map<string, { entry: boolean; roots: Set<string> }>();

  /** The module `specifier` names from `from` (null when it is not among its imports). */
  function resolveFrom(graph: ModuleGraph, from: string, specifier: string): string | null {
    const imported = graph.getModuleInfo(from)?.importedIds ?? [];
    if (specifier.startsWith('.')) {
      const base = resolve(dirname(from), specifier);
      const candidates = ['', '.js', '.mjs', '.ts', '.tsx', '/index.js', '/index.mjs', '/index.ts'].map((ext) => base + ext);
      return imported.find((id) => candidates.includes(id.split('?')[0])) ?? null;
    }
    const marker = `node_modules/${specifier}/`;
    return imported.find((id) => id.includes(marker)) ?? null;
  }

  /** A barrel's re-exports: by exported name, the module it comes from, and the modules it re-exports whole. */
  function reExportsOf(graph: ModuleGraph, barrel: string) {
    let known = reExports.get(barrel);
    if (known) return known;
    known = { names: new Map(), stars: [] };
    for (const match of (graph.getModuleInfo(barrel)?.code ?? '').matchAll(RE_EXPORT)) {
      const target = resolveFrom(graph, barrel, match[3]);
      if (!target) continue;
      if (match[1] === '*') known.stars.push(target);
      else for (const name of namesOf(match[2], 'exported')) known.names.set(name, target);
    }
    reExports.set(barrel, known);
    return known;
  }

  /** The names under which `barrel` re-exports `target` (directly or through a barrel it re-exports whole). */
  function namesFor(graph: ModuleGraph, barrel: string, target: string, targetNames: Set<string> | null): Set<string> | null {
    const { names, stars } = reExportsOf(graph, barrel);
    const found = new Set<string>();
    for (const [name, from] of names) if (from === target) found.add(name);
    if (stars.includes(target)) targetNames?.forEach((name) => found.add(name));
    return names.size + stars.length === 0 ? null : found;
  }

  /**
   * Whether `importer` takes any of `names` from `imported` in its own imports (all of it when `names` is null or it
   * takes the namespace); `reExported` says whether it passes `imported` on as a barrel.
   */
  function takes(graph: ModuleGraph, importer: string, imported: string, names: Set<string> | null, reExported: boolean): boolean {
    const code = graph.getModuleInfo(importer)?.code ?? '';
    let seen = false;
    for (const match of code.matchAll(IMPORT_FROM)) {
      if (resolveFrom(graph, importer, match[4]) !== imported) continue;
      seen = true;
      if (names === null || match[1] || (match[2] ?? '').startsWith('*')) return true;
      if (match[3] !== undefined && namesOf(match[3], 'imported').some((name) => names.has(name))) return true;
    }
    // An import the pattern does not read (a side-effect import, generated code): count it as using everything.
    return !seen && !reExported;
  }

  /**
   * Who uses `id`: the entry (its static imports) and/or the lazily imported modules (pages, drawers) whose static
   * imports reach it, walking up importers and through barrels by name.
   */
  function usersOf(graph: ModuleGraph, id: string) {
    const cached = users.get(id);
    if (cached) return cached;
    const found = { entry: false, roots: new Set<string>() };
    const visited = new Set<string>();
    // Each step: a module, and the names under which the module below it is reached (null: the whole module).
    const stack: { id: string; names: Set<string> | null }[] = [{ id, names: null }];
    while (stack.length > 0) {
      const current = stack.pop()!;
      const key = `${current.id}|${current.names ? [...current.names].sort().join(',') : '*'}`;
      if (visited.has(key)) continue;
      visited.add(key);
      const info = graph.getModuleInfo(current.id);
      if (!info) continue;
      if (info.isEntry) found.entry = true;
      if (info.dynamicImporters.length > 0) found.roots.add(current.id);
      for (const importer of info.importers) {
        // Re-exported by a barrel: it is used by whoever takes one of those names from the barrel.
        const barrelNames = namesFor(graph, importer, current.id, current.names);
        if (barrelNames && barrelNames.size > 0) stack.push({ id: importer, names: barrelNames });
        if (takes(graph, importer, current.id, current.names, !!barrelNames && barrelNames.size > 0)) {
          stack.push({ id: importer, names: null });
        }
      }
    }
    users.set(id, found);
    return found;
  }

  return (id: string, graph: ModuleGraph): string | null => {
    const info = graph.getModuleInfo(id);
    // Entries and lazy parts keep their own chunk (a group would leave them as a re-exporting facade).
    if (!info || info.isEntry || info.dynamicImporters.length > 0) return null;
    const { entry, roots } = usersOf(graph, id);
    if (entry) return 'app';
    const lazy = [...roots];
    if (lazy.length === 0) return null;
    const loadedBy = (importerPattern: RegExp) =>
      lazy.some((root) => graph.getModuleInfo(root)!.dynamicImporters.some((importer) => importerPattern.test(importer)));
    // Whoever else needs a module, the first of these to load it carries it.
    if (loadedBy(SHELL)) return 'shell';
    if (loadedBy(LANDING)) return 'landing';
    const listing = lazy.some((root) => LISTING.test(root));
    const detail = lazy.some((root) => DETAIL.test(root));
    if (listing && detail) return 'pages-public';
    if (listing) return 'page-listing';
    if (detail) return 'page-detail';
    return lazy.length === 1 ? `page-${basename(lazy[0]).replace(/\.[^.]+$/, '')}` : 'pages-shared';
  };
}
