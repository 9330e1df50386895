/**
 * Decodes Stripe's form encoding (`metadata[order]=1&expand[0]=x`) into nested
 * values. Objects whose keys are all indices become arrays.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };

function keyPath(key: string): string[] {
  const first = key.indexOf('[');
  if (first === -1) return [key];
  const path = [key.slice(0, first)];
  for (const match of key.slice(first).matchAll(/\[([^\]]*)\]/g)) path.push(match[1]);
  return path;
}

function toArrays(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const converted = Object.fromEntries(keys.map((k) => [k, toArrays(value[k])]));
  if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k))) {
    return keys.sort((a, b) => Number(a) - Number(b)).map((k) => converted[k]);
  }
  return converted;
}

export function decodeForm(encoded: string): Record<string, FormValue> {
  const root: Record<string, FormValue> = {};
  for (const [rawKey, rawValue] of new URLSearchParams(encoded)) {
    const path = keyPath(rawKey);
    let node = root;
    path.forEach((segment, i) => {
      // `expand[]=x` appends: give it the next free index.
      const key = segment === '' ? String(Object.keys(node).length) : segment;
      if (i === path.length - 1) {
        node[key] = rawValue;
      } else {
        if (typeof node[key] !== 'object' || node[key] === null) node[key] = {};
        node = node[key] as Record<string, FormValue>;
      }
    });
  }
  return toArrays(root) as Record<string, FormValue>;
}
