// Small JSON helpers: type tests, deep equality, canonical text, JSON-pointer get/set.

export type JsonObject = Record<string, unknown>;

export function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** JSON Schema type name of a value ("integer" for whole numbers). */
export function jsonType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

/** Whether a value has one of the allowed JSON Schema types (an integer is also a number). */
export function hasType(v: unknown, types: readonly string[]): boolean {
  const t = jsonType(v);
  return types.includes(t) || (t === 'integer' && types.includes('number'));
}

/** Stable JSON text (object keys sorted), so deep-equal values give equal text. */
export function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (isObject(v)) {
    const keys = Object.keys(v).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`).join(',')}}`;
  }
  return JSON.stringify(v) ?? 'undefined';
}

export function deepEqual(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

export function escapePointer(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

export function unescapePointer(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}

export function childPointer(ptr: string, token: string | number): string {
  return `${ptr}/${escapePointer(String(token))}`;
}

function tokens(ptr: string): string[] {
  return ptr === '' ? [] : ptr.slice(1).split('/').map(unescapePointer);
}

export function getAt(root: unknown, ptr: string): unknown {
  let cur: unknown = root;
  for (const t of tokens(ptr)) {
    if (Array.isArray(cur)) cur = cur[Number(t)];
    else if (isObject(cur)) cur = cur[t];
    else return undefined;
  }
  return cur;
}

/** A copy of root with the spot at ptr replaced (or removed when remove is set). */
export function setAt(root: unknown, ptr: string, value: unknown, remove = false): unknown {
  const ts = tokens(ptr);
  if (ts.length === 0) return value;
  const [head, ...rest] = ts;
  const restPtr = rest.map((t) => `/${escapePointer(t)}`).join('');
  if (Array.isArray(root)) {
    const copy = [...root];
    const i = Number(head);
    if (rest.length === 0 && remove) copy.splice(i, 1);
    else copy[i] = setAt(copy[i], restPtr, value, remove);
    return copy;
  }
  if (isObject(root)) {
    const copy: JsonObject = { ...root };
    if (rest.length === 0 && remove) delete copy[head];
    else copy[head] = setAt(copy[head], restPtr, value, remove);
    return copy;
  }
  throw new Error(`cannot reach ${ptr}: not an object or array`);
}

/** Pointer for messages: "(root)" instead of the empty string. */
export function showPointer(ptr: string): string {
  return ptr === '' ? '(root)' : ptr;
}
