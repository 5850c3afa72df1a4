import { randomUUID } from 'node:crypto';

/** The part of an OpenAPI (JSON Schema) node the fuzzer reads. */
export interface SchemaNode {
  type?: string;
  format?: string;
  pattern?: string;
  enum?: unknown[];
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  minItems?: number;
  properties?: Record<string, SchemaNode>;
  required?: string[];
  items?: SchemaNode;
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  default?: unknown;
}

/** A seeded PRNG (mulberry32), so a failing run can be repeated from its printed seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export function pick<T>(random: () => number, values: readonly T[], count: number): T[] {
  const pool = [...values];
  const chosen: T[] = [];
  while (chosen.length < count && pool.length > 0) chosen.push(pool.splice(Math.floor(random() * pool.length), 1)[0]!);
  return chosen;
}

/**
 * Values that broke or could break a server: NUL bytes, impossible dates, prototype keys, int32 and
 * float overflow, huge text, JSON in text, wrong types. Each is tried in place of one field.
 */
export const BAD_VALUES: readonly unknown[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  'x'.repeat(20_000),
  'café ☕ 😀 ಕನ್ನಡ',
  '\uD800',
  '__proto__',
  'constructor',
  '-__proto__',
  '2026-02-30',
  '0000-01-01',
  '9999-12-31',
  '2026-02-30T10:00:00Z',
  '+275760-09-13T00:00:00.000Z',
  '1970-01-01T00:00:00Z',
  '{"a":',
  '../../etc/passwd',
  "'; drop table users; --",
  '%00',
  'not-a-uuid',
  '00000000-0000-0000-0000-000000000000',
  -1,
  0,
  2_147_483_648,
  -2_147_483_649,
  9_007_199_254_740_992,
  1e308,
  1.5,
  true,
  null,
  [],
  [null],
  {},
  JSON.parse('{"__proto__":{"polluted":true}}'),
  JSON.parse('{"constructor":{"prototype":{"polluted":true}}}'),
];

/** Query and path values are text: the bad values as a client would put them in a URL. */
export const BAD_TEXT: readonly string[] = BAD_VALUES.filter((value): value is string | number | boolean =>
  ['string', 'number', 'boolean'].includes(typeof value),
).map(String);

const DIGITS = /^\^\\d\{(\d+)\}\$$/;
const TIME_SECONDS = /\[0-5\]\\d:\[0-5\]\\d\$$/;
const unique = () => randomUUID().slice(0, 6);

/** Valid-looking values for fields by name, so one bad field reaches the code behind validation. */
export function validValue(node: SchemaNode, name: string, ids: Record<string, string>): unknown {
  const branch = node.anyOf?.[0] ?? node.oneOf?.[0];
  if (branch) return validValue(branch, name, ids);
  if (node.enum && node.enum.length > 0) return node.enum[0];
  if (node.default !== undefined && node.type !== 'object') return node.default;
  const now = Date.now();
  switch (node.type) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(node.properties ?? {})) value[key] = validValue(child, key, ids);
      return value;
    }
    case 'array':
      return node.items
        ? Array.from({ length: Math.max(1, node.minItems ?? 1) }, () => validValue(node.items!, name, ids))
        : [];
    case 'integer':
    case 'number':
      return Math.max(node.minimum ?? 1, Math.min(node.maximum ?? 10, 10));
    case 'boolean':
      return true;
    default:
      break;
  }
  if (ids[name]) return ids[name];
  if (node.format === 'uuid') return randomUUID();
  // Times that start or end later than now: a rate card needs a lead time, a takeover must end in the future.
  if (node.format === 'date-time')
    return new Date(name.endsWith('_from') || name.startsWith('ends') ? now + 3_600_000 : now).toISOString();
  if (node.format === 'date')
    return new Date(name.endsWith('_end') || name === 'to' ? now : now - 7 * 86_400_000).toISOString().slice(0, 10);
  if (node.format === 'email' || name.includes('email')) return `fuzz-${unique()}@example.com`;
  const digits = node.pattern ? DIGITS.exec(node.pattern) : null;
  if (digits) return String(Math.floor(Math.random() * 10 ** Number(digits[1]))).padStart(Number(digits[1]), '1');
  if (node.pattern && TIME_SECONDS.test(node.pattern)) return new Date(now).toISOString().slice(11, 19);
  if (name.endsWith('_time')) return '10:00';
  if (name.includes('tag')) return 'fuzz-tag';
  if (name.includes('password')) return 'Fuzzing-Passw0rd-Long';
  if (name.includes('pass_code')) return '000000';
  if (name.includes('url') || name.includes('link')) return 'https://example.com/fuzz';
  if (name.includes('phone')) return '+91 98450 00000';
  if (name.includes('code')) return `FZ-${unique().toUpperCase()}`;
  if (name.includes('timezone') || name === 'time_zone') return 'Asia/Kolkata';
  if (name === 'currency') return 'INR';
  if (name === 'name' || name === 'label' || name === 'title') return `Fuzz ${name} ${unique()}`;
  return `fuzz ${name}`.slice(0, Math.max(node.minLength ?? 1, 12));
}

/** Every leaf and branch of a body schema, as paths (`logs.0.additional_info.ad_title`), to replace one at a time. */
export function fieldPaths(node: SchemaNode, prefix: string[] = [], depth = 0): string[][] {
  if (depth > 4) return [];
  const branch = node.anyOf?.[0] ?? node.oneOf?.[0];
  if (branch) return fieldPaths(branch, prefix, depth);
  if (node.type === 'object' && node.properties) {
    return Object.entries(node.properties).flatMap(([key, child]) => [
      [...prefix, key],
      ...fieldPaths(child, [...prefix, key], depth + 1),
    ]);
  }
  if (node.type === 'array' && node.items) return fieldPaths(node.items, [...prefix, '0'], depth + 1);
  return [];
}

/** A deep copy of `base` with the value at `path` replaced. */
export function withValue(base: unknown, path: string[], value: unknown): unknown {
  const copy = structuredClone(base) as Record<string, unknown>;
  let target = copy;
  for (const key of path.slice(0, -1)) {
    if (!target[key] || typeof target[key] !== 'object') target[key] = {};
    target = target[key] as Record<string, unknown>;
  }
  target[path.at(-1)!] = value;
  return copy;
}
