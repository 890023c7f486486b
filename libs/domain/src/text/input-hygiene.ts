/**
 * What every string that enters the system must be, whatever the field: no control characters (they break
 * PostgreSQL text, terminals and logs; tab and line breaks are real text and stay), and no invisible direction
 * overrides or zero-width characters (they make a name or a comment display differently from what it is, e.g.
 * "Juan\u202Eetoh" shown as "Juanhote"). The API applies this at its edge to queries, route parameters and bodies.
 */

/** C0 controls but tab, line feed and carriage return; DEL; the C1 controls. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** Zero-width space/joiners and direction marks (U+200B–200F), embeddings and overrides (U+202A–202E), isolates (U+2066–2069). */
const INVISIBLE_FORMATTING = /[\u200B-\u200F\u202A-\u202E\u2066-\u2069]/g;
/** Secrets are compared exactly as typed: never rewritten (control characters are still refused). */
const SECRET_FIELD = /password|token|secret/i;
/** Deeper JSON than any form of ours sends is refused rather than walked. */
export const MAX_INPUT_DEPTH = 32;

export function hasControlCharacters(text: string): boolean {
  return CONTROL_CHARACTER.test(text);
}

export function stripInvisibleFormatting(text: string): string {
  return text.replace(INVISIBLE_FORMATTING, '');
}

export const controlCharactersMessage = (field: string) => `${field} contiene caracteres de control no permitidos`;

export type InputProblem = { field: string; message: string };

const fieldPath = (parent: string, key: string | number) =>
  typeof key === 'number' ? `${parent}[${key}]` : parent === '' ? key : `${parent}.${key}`;

/**
 * Checks a parsed input (JSON body, query object, a single string) in place: strings with control characters are
 * reported by their path (`extra.notes[1]`, `professions[0]`), keys with them as `root`; invisible formatting is
 * removed from every string but secrets. Answers the first problem found, or null when the input is clean.
 */
export function cleanInputInPlace(input: unknown, root: string): { value: unknown; problem: InputProblem | null } {
  if (typeof input === 'string') {
    if (hasControlCharacters(input)) return { value: input, problem: { field: root, message: controlCharactersMessage(root) } };
    return { value: stripInvisibleFormatting(input), problem: null };
  }
  return { value: input, problem: walk(input, '', root, 0, false) };
}

function walk(node: unknown, path: string, root: string, depth: number, secret: boolean): InputProblem | null {
  if (node === null || typeof node !== 'object') return null;
  if (depth > MAX_INPUT_DEPTH) return { field: root, message: `${root} está anidado demasiado profundo` };
  const entries: [string | number, unknown][] = Array.isArray(node)
    ? node.map((value, index) => [index, value])
    : Object.keys(node).map((key) => [key, (node as Record<string, unknown>)[key]]);
  for (const [key, value] of entries) {
    if (typeof key === 'string' && hasControlCharacters(key)) return { field: root, message: controlCharactersMessage(root) };
    const field = fieldPath(path, key);
    const isSecret = secret || (typeof key === 'string' && SECRET_FIELD.test(key));
    if (typeof value === 'string') {
      if (hasControlCharacters(value)) return { field, message: controlCharactersMessage(field) };
      const clean = isSecret ? value : stripInvisibleFormatting(value);
      // defineProperty, not assignment: a JSON key "__proto__" is an own property and must stay one.
      if (clean !== value) Object.defineProperty(node, key, { value: clean, writable: true, enumerable: true, configurable: true });
    } else {
      const problem = walk(value, field, root, depth + 1, isSecret);
      if (problem) return problem;
    }
  }
  return null;
}
