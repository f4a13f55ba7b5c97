// Property-based fuzz over the OpenAPI document (issue 21, finding 5): every documented operation
// gets requests generated from its own schemas (mostly well-formed, some hostile: NUL bytes,
// impossible dates, deep or wrong-typed values), as a visitor, a job seeker and a company admin.
// Seeded and bounded, so a failure reproduces and the file runs in well under a minute.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, withSession, type SignedUp, type TestApp } from './harness';

const SEED = 21;
const RUNS_PER_OPERATION = 15;

/** Operations that leave the process (outbound fetches) or are not JSON over HTTP. */
const SKIPPED = new Set([
  'GET /api/realtime', // WebSocket
  'POST /api/talent/resume', // multipart, parsed in a worker
  'POST /api/jobs/import', // fetches the URL it is given
  'POST /api/jobs/crawl',
  'POST /api/auth/logout', // ends the fuzzing user's session
  'GET /api/docs/json',
]);

type JsonSchema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
};
type Operation = {
  method: string;
  path: string;
  pathParams: string[];
  query: Record<string, JsonSchema>;
  body: JsonSchema | null;
};

const known: { ids: string[]; slugs: string[] } = { ids: [], slugs: [] };

const hostileText = fc.constantFrom(
  'a\u0000b',
  '\u0000',
  '2024-02-30',
  '0000-01-01',
  '../../etc/passwd',
  "' or 1=1 --",
  '%00',
  '\uD800',
  '🧪'.repeat(50),
  '[[[[[[[[[[',
  'x'.repeat(5000),
);
const junk = fc.oneof(
  hostileText,
  fc.constantFrom(null, true, -1, 0, 1e308, Number.MAX_SAFE_INTEGER, [], {}, [[[[[[]]]]]]),
  fc.jsonValue({ maxDepth: 2 }),
);

function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'uuid') return fc.oneof(fc.uuid(), fc.constantFrom(...known.ids));
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'uri') return fc.webUrl();
  const max = Math.min(schema.maxLength ?? 40, 80);
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength: Math.min(schema.minLength ?? 0, max), maxLength: max }) },
    { weight: 1, arbitrary: hostileText },
    { weight: 1, arbitrary: fc.constantFrom('2025-02-28', '2024-02-29', '2025-04-31', ...known.slugs) },
  );
}

/** A value that mostly fits `schema`, sometimes does not. */
function valueFor(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return junk;
  const fitting = fittingValue(schema, depth);
  return fc.oneof({ weight: 5, arbitrary: fitting }, { weight: 1, arbitrary: junk });
}

function fittingValue(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return fc.oneof(...variants.map((v) => valueFor(v, depth + 1)));
  if (schema.allOf?.length) return valueFor(schema.allOf[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
      return stringFor(schema);
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -10, max: Math.min(schema.maximum ?? 1000, 1_000_000) });
    case 'number':
      return fc.double({ noNaN: true, min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6 });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(valueFor(schema.items, depth + 1), { maxLength: 4 });
    case 'object': {
      const props = schema.properties ?? {};
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, prop] of Object.entries(props)) record[key] = valueFor(prop, depth + 1);
      const required = (schema.required ?? []).filter((k) => k in record);
      return fc.record(record, { requiredKeys: required });
    }
    default:
      return junk;
  }
}

function operationsOf(doc: {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string; schema?: JsonSchema }[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
}): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const upper = method.toUpperCase();
      const fastifyPath = path.replace(/\{(\w+)\}/g, ':$1');
      if (SKIPPED.has(`${upper} ${fastifyPath}`) || SKIPPED.has(`${upper} ${path}`)) continue;
      const params = op.parameters ?? [];
      operations.push({
        method: upper,
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        query: Object.fromEntries(params.filter((p) => p.in === 'query').map((p) => [p.name, p.schema ?? {}])),
        body: op.requestBody?.content?.['application/json']?.schema ?? null,
      });
    }
  }
  return operations;
}

let sent = 0;
let t: TestApp;
let operations: Operation[];
let people: { visitor: null; seeker: SignedUp; admin: SignedUp };

beforeAll(async () => {
  t = await createTestApp();
  const seeker = await signUp(t);
  const admin = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Fuzz Health' });
  people = { visitor: null, seeker, admin };
  const job = await t.app.inject({
    method: 'POST',
    url: '/api/jobs',
    ...withSession(admin.token),
    payload: {
      title: 'Fuzzed Role',
      company: 'Fuzz Health',
      location: 'Remote',
      employmentType: 'full-time',
      description: 'A job that exists so fuzzed ids sometimes hit something real.',
      requirements: 'Patience.',
      skills: ['FHIR'],
    },
  });
  known.ids = [seeker.body.user.id, admin.body.user.id, admin.body.company!.id, job.json().id];
  known.slugs = [admin.body.company!.slug];
  const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  operations = operationsOf(doc.json());
}, 180_000);
afterAll(() => t.close());

describe('OpenAPI fuzz: no request makes the server answer 5xx', () => {
  it('covers the documented API', () => {
    expect(operations.length).toBeGreaterThan(50);
  });

  it('answers every generated request with a status below 500', { timeout: 120_000 }, async () => {
    const failures: string[] = [];
    for (const op of operations) {
      const request = fc.record({
        who: fc.constantFrom('visitor', 'seeker', 'admin') as fc.Arbitrary<keyof typeof people>,
        params: fc.tuple(...op.pathParams.map(() => fc.oneof(stringFor({ format: 'uuid' }), stringFor({})))),
        query: fc.record(Object.fromEntries(Object.entries(op.query).map(([k, s]) => [k, valueFor(s)])), {
          requiredKeys: [],
        }),
        body: op.body ? valueFor(op.body) : fc.constant(undefined),
      });
      await fc
        .assert(
          fc.asyncProperty(request, async ({ who, params, query, body }) => {
            let url = op.path;
            op.pathParams.forEach((name, i) => {
              url = url.replace(`{${name}}`, encodeURIComponent(String(params[i])));
            });
            const search = new URLSearchParams();
            for (const [k, v] of Object.entries(query)) search.set(k, typeof v === 'string' ? v : JSON.stringify(v));
            const person = people[who];
            const res = await t.app.inject({
              method: op.method as 'GET',
              url: `${url}${search.size ? `?${search}` : ''}`,
              ...(body !== undefined
                ? { payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } }
                : {}),
              ...(person ? withSession(person.token) : {}),
              remoteAddress: `10.77.${Math.floor(++sent / 250) % 250}.${(sent % 250) + 1}`,
            });
            if (res.statusCode >= 500) {
              failures.push(
                `${op.method} ${url} as ${who}: ${res.statusCode} ${res.body.slice(0, 200)} body=${JSON.stringify(body)?.slice(0, 200)}`,
              );
              return false;
            }
            return true;
          }),
          { seed: SEED, numRuns: RUNS_PER_OPERATION, endOnFailure: true },
        )
        .catch(() => undefined); // collected below, so one run reports every failing operation
    }
    expect(failures).toEqual([]);
  });
});
