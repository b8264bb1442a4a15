/**
 * Issue 18, part 3: property-based hostile input (fast-check) against every action of the route
 * table (the chat pane's JSON route and /chatbot among them) and every endpoint registered in
 * tests/security/registered-endpoints.ts (the hook for a JSON API outside app/routes).
 *
 * Each input is a request built from random and hostile parts: field names of the route's own
 * form (read from its rendered page) and of every other form, repeated keys, missing fields,
 * values that are overlong, control characters and NUL, lone surrogates, invalid percent
 * encodings, script tags, SQL fragments, negative, huge and non-numeric amounts, malformed
 * dates; sent url-encoded, with broken percent encodings, as multipart (with and without a file),
 * as broken multipart, as JSON, as text, without a content type, for a visitor or one of several
 * signed-in demo files. The actions are called directly with the Request, as the route tests do.
 *
 * Properties of every answer:
 *  1. never a 500 (nothing thrown but a Response, no 5xx status);
 *  2. a 400 names its error: field errors whose keys exist in all seven languages, a refusal
 *     the error page explains, or (JSON routes) an error code;
 *  3. nothing of the input comes back as markup: no answer with an HTML type carries it, no
 *     redirect leaves the portal or carries CR/LF; and in a second property the whole document
 *     Remix renders for a page's action answer is checked for the raw markers;
 *  4. the body limit holds: a body over it is never read past the limit (the stream counts
 *     what was pulled) and is answered 413, 400 or before reading.
 *
 * Issue 31 added floods of one repeated name and of distinct names (refused before conform sees
 * them), multipart parts without a name, and a property at the edge: requests with absolute-form
 * targets and odd Host headers, sent raw over a socket to the Express edge in front of Remix
 * (tests/helpers/remix-app.ts), never answered with a 5xx.
 *
 * Runs: HOSTILE_RUNS (default 10,200) inputs spread over the actions, plus the rendered and the
 * body-size properties; the count is printed and asserted at the end.
 *
 * The properties are run by the test files hostile-input-<n>.property.test.ts, each on its share
 * of the endpoints (every `shards`-th, from its own): one file was a quarter of vitest's time on
 * one core while the other had nothing left to run (decision 065). Every endpoint still gets
 * ceil(HOSTILE_RUNS / endpoints) inputs, as when one file ran them all; each file asserts its
 * share, and the first that the shard files are all there.
 */
import type { AppLoadContext } from '@remix-run/node';
import fc from 'fast-check';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { languages as LANGUAGES } from '#server/i18n/languages.ts';
import { maxMultipartBodyBytes, maxSmallBodyBytes } from '#server/http/request-body.ts';
import { i18next } from '~/i18next.server';
import express from 'express';
import type { Server } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { edgeApp, remixHandler } from '../helpers/remix-app.ts';
import { context, demoFiles, origin, useRouteDatabase } from '../helpers/routes.ts';
import { useUploadFolder } from '../helpers/uploads.ts';
import './registered-endpoints.ts';
import { endpoints, type Answer, type Endpoint } from './targets.ts';

/** Set up by hostileInputProperties in the test file that runs a shard. */
let cookieFor: ReturnType<typeof demoFiles>['cookieFor'];

const totalRuns = Number(process.env.HOSTILE_RUNS ?? 10_200);
const renderedRunsPerPage = Number(process.env.HOSTILE_RENDERED_RUNS ?? 6);
const sizeRunsPerEndpoint = Number(process.env.HOSTILE_SIZE_RUNS ?? 4);
const edgeRuns = Number(process.env.HOSTILE_EDGE_RUNS ?? 300);
/** HOSTILE_SEED: every property starts from this seed (a replay); HOSTILE_PATH: only that input of it. */
const fixedSeed = process.env.HOSTILE_SEED ? Number(process.env.HOSTILE_SEED) : undefined;
const replayPath = process.env.HOSTILE_PATH || undefined;
/**
 * How long one input may take (ms) before it counts as a failure, reported with its seed and the
 * input: a handful of milliseconds is usual, and a hang would otherwise run into the test's limit
 * of several minutes and say nothing of what hung (issue 25).
 */
const inputLimitMs = Number(process.env.HOSTILE_INPUT_MS ?? 30_000);

const counts = { direct: 0, rendered: 0, size: 0, edge: 0 };
/** HOSTILE_SURVEY=1: collect every broken property instead of stopping at the first (for fixing). */
const survey = process.env.HOSTILE_SURVEY ? new Set<string>() : null;
const statusCounts = new Map<number, number>();
const startedAt = process.cpuUsage();
const timings = new Map<string, number>();

// ---------------------------------------------------------------------------------------------
// Hostile values
// ---------------------------------------------------------------------------------------------

/** Markers whose raw form must never appear in a rendered document or an HTML answer. */
const scriptMarker = '<script>alert("h0st1le")</script>';
const attributeMarker = '"><svg onload=h0st1le()>';
const rawMarkers = ['<script>alert("h0st1le")', '<svg onload=h0st1le'];

const fragments = [
  scriptMarker,
  attributeMarker,
  "'><img src=x onerror=h0st1le()>",
  'javascript:h0st1le()',
  '//evil.example/x',
  '/\\evil.example',
  "' OR '1'='1' --",
  '1; DROP TABLE files; --',
  "100000001' UNION SELECT password_hash FROM debtors --",
  '\u0000',
  'a\u0000b',
  '\u0007\u001b[31m',
  '\r\nSet-Cookie: x=y',
  '\u202e\u200b\ufeff',
  '\ud800',
  '%',
  '%E0%A4%A',
  '%00',
  '%zz',
  '../../../../etc/passwd',
  '{{7*7}}${7*7}',
  '__proto__',
  'constructor',
  '[object Object]',
  'NaN',
  'Infinity',
  '-Infinity',
  '-1',
  '-0',
  '0',
  '-100000',
  '1e309',
  '0x1F',
  '9007199254740993',
  '99999999999999999999999999',
  '12,345.67',
  '1.234,56',
  '1 000,00 €',
  '١٢٣',
  '2026-02-30',
  '2026-13-01',
  '0000-00-00',
  '31.12.99999',
  '9999-12-31T25:61:61Z',
  '2026-01-01T00:00:00+99:00',
  'Invalid Date',
  '100000001',
  '100000002-2',
  'DE89370400440532013000',
  'maria.garcia@example.org',
  'a@b',
  'true',
  'null',
  '',
  ' ',
  '\t\n',
];

const hostileValue: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...fragments), weight: 6 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 3 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }), weight: 2 },
  { arbitrary: fc.integer().map(String), weight: 1 },
  { arbitrary: fc.double().map(String), weight: 1 },
  { arbitrary: fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String), weight: 1 },
  {
    arbitrary: fc.date({ noInvalidDate: false }).map((d) => (Number.isNaN(d.getTime()) ? 'x' : d.toISOString())),
    weight: 1,
  },
  // Overlong: over every field's own maximum, some over the 64 KiB of a multipart text field.
  { arbitrary: fc.integer({ min: 1_000, max: 70_000 }).map((n) => 'x'.repeat(n)), weight: 1 },
  {
    arbitrary: fc.tuple(fc.constantFrom(...fragments), fc.constantFrom(...fragments)).map(([a, b]) => a + b),
    weight: 2,
  },
);

type Encoding =
  | 'urlencoded'
  | 'badPercent'
  | 'multipart'
  | 'multipartFile'
  | 'brokenMultipart'
  | 'namelessPart'
  | 'json'
  | 'text'
  | 'none';
const encodings: Encoding[] = [
  'urlencoded',
  'urlencoded',
  'urlencoded',
  'badPercent',
  'multipart',
  'multipart',
  'multipartFile',
  'brokenMultipart',
  'namelessPart',
  'json',
  'text',
  'none',
];

const boundary = '----fc-boundary';

function encode(encoding: Encoding, fields: Array<[string, string]>, fileBytes: Uint8Array, fileName: string) {
  switch (encoding) {
    case 'urlencoded': {
      const body = new URLSearchParams();
      for (const [k, v] of fields) body.append(k, v);
      return { type: 'application/x-www-form-urlencoded', body: body.toString() as BodyInit };
    }
    case 'badPercent':
      // Written by hand: raw values, stray "%" and broken escapes, "+" and "&" as they come.
      return {
        type: 'application/x-www-form-urlencoded; charset=utf-8',
        body: fields.map(([k, v]) => `${k}=${v}%${v.length % 2 ? 'G' : 'E0%A4'}`).join('&') as BodyInit,
      };
    case 'multipart':
    case 'multipartFile': {
      const form = new FormData();
      for (const [k, v] of fields) form.append(k, v);
      if (encoding === 'multipartFile') {
        form.append('files', new File([fileBytes as Uint8Array<ArrayBuffer>], fileName, { type: 'application/pdf' }));
      }
      return { type: null, body: form as BodyInit };
    }
    case 'brokenMultipart': {
      const parts = fields.map(
        ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
      );
      // No closing boundary, a part cut in its headers.
      return {
        type: `multipart/form-data; boundary=${boundary}`,
        body: `${parts.join('')}--${boundary}\r\nContent-Disposition: form-da` as BodyInit,
      };
    }
    case 'namelessPart': {
      // Issue 31, finding 3: a part whose Content-Disposition names no field (a 500 before).
      const parts = fields.map(
        ([k, v], i) => `--${boundary}\r\nContent-Disposition: form-data${i % 2 ? '' : `; name="${k}"`}\r\n\r\n${v}\r\n`,
      );
      return {
        type: `multipart/form-data; boundary=${boundary}`,
        body: `${parts.join('')}--${boundary}\r\nContent-Disposition: form-data\r\n\r\nx\r\n--${boundary}--\r\n` as BodyInit,
      };
    }
    case 'json':
      return {
        type: 'application/json',
        body: JSON.stringify(
          fields.length % 3 === 0
            ? fields.map(([, v]) => v)
            : Object.fromEntries(fields.map(([k, v], i) => [k, i % 4 === 3 ? [v, v] : v])),
        ) as BodyInit,
      };
    case 'text':
      return { type: 'text/plain', body: fields.map(([k, v]) => `${k}=${v}`).join('\n') as BodyInit };
    case 'none':
      return { type: null, body: fields.map(([k, v]) => `${k}=${v}`).join('&') as BodyInit };
  }
}

/** The chat pane's body: usually a well-formed message with a hostile text, sometimes not. */
function encodeJsonMessage(text: string, fields: Array<[string, string]>, encoding: Encoding) {
  if (encoding === 'urlencoded' || encoding === 'multipart' || encoding === 'text' || encoding === 'none')
    return encode(encoding, fields, new Uint8Array(), 'x');
  const shapes = [
    { text, pageLang: fields[0]?.[1] },
    { text },
    { text: [text, text] },
    { text: Number(text) },
    Object.fromEntries(fields),
    fields.map(([, v]) => v),
    null,
  ];
  const shape = shapes[text.length % shapes.length];
  return {
    type: 'application/json',
    body: (encoding === 'badPercent' ? `{"text":"${text}` : JSON.stringify(shape)) as BodyInit,
  };
}

// ---------------------------------------------------------------------------------------------
// The targets, their field names, and who posts
// ---------------------------------------------------------------------------------------------

/** This shard's endpoints with an action (set at collection time: the route table needs no database). */
let targets: Endpoint[] = [];
const fieldsOf = new Map<string, string[]>();
const intentsOf = new Map<string, string[]>();
let vocabulary: string[] = [];
const files = ['100000001', '100000002', '100000003', '100000011', '100000012', '100000010'] as const;
const cookies = new Map<string, string>();

/** A fresh session of a demo file (sign-out and password actions end the one they get). */
async function cookieOf(who: string, scope = ''): Promise<string | null> {
  if (who === 'visitor') return null;
  // One session per endpoint and demo file, fresh every tenth time: creating one per request would
  // double the suite's time, and the session that a sign-out or a password change ends is a
  // hostile input too (a stale cookie).
  const key = `${scope}|${who}`;
  const uses = (cookieUses.get(key) ?? 0) + 1;
  cookieUses.set(key, uses);
  if (cookies.has(key) && uses % 10 !== 0) return cookies.get(key)!;
  const cookie = await cookieFor(who.split(':')[0]!, who.endsWith(':limited') ? 'limited' : 'full');
  cookies.set(key, cookie);
  return cookie;
}
const cookieUses = new Map<string, number>();

function harvest(html: string) {
  const names = new Set<string>();
  const intents = new Set<string>();
  for (const match of html.matchAll(/<(?:input|select|textarea|button)\b[^>]*>/g)) {
    const tag = match[0];
    const name = /\bname="([^"]+)"/.exec(tag)?.[1];
    if (!name) continue;
    names.add(name.replace(/&amp;/g, '&'));
    const value = /\bvalue="([^"]*)"/.exec(tag)?.[1];
    if (name === 'intent' && value) intents.add(value);
  }
  return { names: [...names], intents: [...intents] };
}

/** The forms of every page, as a signed-in debtor with a plan and one with an open claim see them. */
async function harvestForms() {
  const handle = await remixHandler();
  const all = new Set<string>(['intent', 'returnTo', 'lng', 'amount', 'email', 'password', 'reference', 'date']);
  for (const target of await endpoints()) {
    if (!target.isPage || !target.loader || target.path.includes('/staff')) continue;
    const names = new Set<string>();
    const intents = new Set<string>();
    for (const refno of ['100000001', '100000002']) {
      const response = await handle(
        new Request(`${origin}${target.path}`, { headers: { Cookie: (await cookieOf(refno))!, Host: 'portal.test' } }),
      );
      if (!(response.headers.get('Content-Type') ?? '').includes('html')) continue;
      const found = harvest(await response.text());
      found.names.forEach((n) => names.add(n));
      found.intents.forEach((n) => intents.add(n));
    }
    fieldsOf.set(target.id, [...names]);
    intentsOf.set(target.id, [...intents]);
    names.forEach((n) => all.add(n));
  }
  vocabulary = [...all];
}

// ---------------------------------------------------------------------------------------------
// The properties of one answer
// ---------------------------------------------------------------------------------------------

const keyExists = new Map<string, boolean>();
/** A field error's key resolves in every language (in the page's namespaces). */
async function localizedEverywhere(key: string, namespaces: string[]): Promise<boolean> {
  const cacheKey = `${namespaces.join(',')}|${key}`;
  const known = keyExists.get(cacheKey);
  if (known !== undefined) return known;
  let ok = true;
  for (const language of LANGUAGES) {
    const t = await i18next.getFixedT(language, namespaces as [string, ...string[]]);
    const text = t(key);
    if (typeof text !== 'string' || text === key || text === '' || text.endsWith(key.split('.').pop()!)) ok = false;
  }
  keyExists.set(cacheKey, ok);
  return ok;
}

/** Every string under an `error` object of conform's reply (field → messages). */
function fieldErrors(data: unknown, found: string[] = [], depth = 0): string[] {
  if (!data || typeof data !== 'object' || depth > 4) return found;
  for (const [key, value] of Object.entries(data)) {
    if (key === 'error' && value && typeof value === 'object' && !Array.isArray(value)) {
      for (const messages of Object.values(value)) {
        if (Array.isArray(messages)) for (const m of messages) if (typeof m === 'string') found.push(m);
      }
    } else if (key !== 'initialValue') {
      fieldErrors(value, found, depth + 1);
    }
  }
  return found;
}

const refusals = new Set(['notAForm', 'brokenForm', 'fieldTooLarge', 'tooManyFields', 'tooLarge', 'crossSite']);

async function bodyOf(answer: Answer): Promise<string> {
  if (!answer.response || answer.response.bodyUsed) return '';
  return answer.response.text();
}

/** Checks one answer; returns the reason it breaks a property, or null. */
async function broken(target: Endpoint, answer: Answer): Promise<string | null> {
  statusCounts.set(answer.status, (statusCounts.get(answer.status) ?? 0) + 1);
  if (answer.status >= 500) return `status ${answer.status}: ${(await bodyOf(answer)).slice(0, 300)}`;
  const location = answer.headers.get('Location');
  if (location !== null) {
    if (/[\r\n]/.test(location)) return `Location with CR/LF: ${JSON.stringify(location)}`;
    if (!/^\/(?![/\\])/.test(location) && !location.startsWith(origin))
      return `redirect off the portal: ${JSON.stringify(location)}`;
  }
  const body = await bodyOf(answer);
  const type = answer.response?.headers.get('Content-Type') ?? '';
  if (/html/i.test(type) && rawMarkers.some((m) => body.includes(m)))
    return `input echoed as HTML: ${body.slice(0, 300)}`;
  if (answer.status !== 400) return null;

  // 400: the answer names what is wrong, in words the debtor's language has.
  if (target.reads === 'json') {
    const code = safeJson(body)?.error;
    return typeof code === 'string' && /^[a-zA-Z]+$/.test(code)
      ? null
      : `400 without an error code: ${body.slice(0, 200)}`;
  }
  const refused = safeJson(body)?.refused;
  if (typeof refused === 'string') return refusals.has(refused) ? null : `unknown refusal ${refused}`;
  const payload = answer.data ?? safeJson(body);
  const messages = fieldErrors(payload);
  const named = payload && typeof payload === 'object' ? namedError(payload) : null;
  if (messages.length === 0 && !named)
    return `400 without a field error: ${JSON.stringify(answer.data ?? body).slice(0, 300)}`;
  for (const key of [...messages, ...keysIn(payload)]) {
    if (!(await localizedEverywhere(key, target.namespaces)))
      return `field error "${key}" is missing in a language (namespaces ${target.namespaces.join(', ')})`;
  }
  return null;
}

/**
 * A 400 whose data names its error by a code the page turns into words (`{ error: 'empty' }`,
 * `{ modalError: 'invalid' }`, `{ reason: 'invalidLink' }`, `{ problem: 'unknownDocument' }`), or
 * by translation keys per field (`{ helper: { errors: { income: 'common:form.amount.format' } } }`).
 */
function namedError(data: object): string | null {
  for (const name of ['error', 'modalError', 'reason', 'problem']) {
    const code = (data as Record<string, unknown>)[name];
    if (typeof code === 'string' && /^[a-zA-Z]+$/.test(code)) return code;
  }
  for (const value of Object.values(data)) {
    const errors = value && typeof value === 'object' ? (value as { errors?: unknown }).errors : undefined;
    if (errors && typeof errors === 'object' && Object.values(errors).some((e) => typeof e === 'string'))
      return 'errors';
  }
  return null;
}

/** Translation keys among named errors (`common:form.amount.format`): they must resolve too. */
function keysIn(data: unknown): string[] {
  const found: string[] = [];
  const walk = (value: unknown, depth: number) => {
    if (depth > 4 || !value || typeof value !== 'object') return;
    for (const [k, v] of Object.entries(value)) {
      if (k === 'initialValue' || k === 'helperValues') continue;
      if (typeof v === 'string' && /^[a-z]+:[a-zA-Z.]+$/.test(v)) found.push(v);
      else walk(v, depth + 1);
    }
  };
  walk(data, 0);
  return found;
}

function safeJson(text: string): Record<string, unknown> | null {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// One hostile request
// ---------------------------------------------------------------------------------------------

interface Input {
  who: string;
  language: string;
  encoding: Encoding;
  fields: Array<[string, string]>;
  fileBytes: Uint8Array;
  fileName: string;
  query: string;
}

function inputFor(target: Endpoint): fc.Arbitrary<Input> {
  const own = fieldsOf.get(target.id) ?? [];
  const intents = intentsOf.get(target.id) ?? [];
  const name = fc.oneof(
    { arbitrary: own.length ? fc.constantFrom(...own) : fc.constantFrom(...vocabulary), weight: 5 },
    { arbitrary: fc.constantFrom(...vocabulary), weight: 2 },
    { arbitrary: fc.constantFrom(...fragments), weight: 1 },
  );
  const value = (field: string) =>
    field === 'intent' && intents.length
      ? fc.oneof({ arbitrary: fc.constantFrom(...intents), weight: 3 }, { arbitrary: hostileValue, weight: 1 })
      : hostileValue;
  const field = name.chain((n) => value(n).map((v): [string, string] => [n, v]));
  return fc.record({
    who: fc.constantFrom('visitor', ...files, ...files.map((f) => `${f}:limited`)),
    language: fc.constantFrom(...LANGUAGES),
    encoding: fc.constantFrom(...encodings),
    // Missing fields (none), repeated keys (the same name twice: an array where a string is
    // expected), and now and then a flood (issue 31): one name repeated up to 400 times, or up to
    // 400 names, around the limits of 20 repeats and 200 fields.
    fields: fc
      .array(field, { maxLength: 10 })
      .chain((fs) =>
        fc
          .oneof(
            { arbitrary: fc.constant<Flood>({ kind: 'none', n: 0 }), weight: 14 },
            { arbitrary: fc.constant<Flood>({ kind: 'twice', n: 0 }), weight: 14 },
            { arbitrary: fc.integer({ min: 15, max: 400 }).map((n): Flood => ({ kind: 'repeat', n })), weight: 1 },
            { arbitrary: fc.integer({ min: 150, max: 400 }).map((n): Flood => ({ kind: 'distinct', n })), weight: 1 },
          )
          .map((flood) => flooded(fs, flood)),
      ),
    // Random bytes (refused by their content) or the start of a PDF (taken: its name is stored).
    fileBytes: fc.oneof(
      fc.uint8Array({ maxLength: 64 }),
      fc
        .uint8Array({ maxLength: 64 })
        .map((tail) => new Uint8Array([...new TextEncoder().encode('%PDF-1.7\n'), ...tail])),
    ),
    fileName: fc.oneof(
      fc.constantFrom('a.pdf', '../../x.pdf', `${scriptMarker}.pdf`, 'a;b=c.pdf', '\u0000.pdf'),
      fc.string(),
    ),
    query: fc.oneof(
      fc.constant(''),
      hostileValue.map((v) => new URLSearchParams({ returnTo: v }).toString()),
    ),
  });
}

type Flood = { kind: 'none' | 'twice' | 'repeat' | 'distinct'; n: number };

function flooded(fields: Array<[string, string]>, flood: Flood): Array<[string, string]> {
  const [first] = fields;
  if (flood.kind === 'none' || !first) return fields;
  if (flood.kind === 'twice') return [...fields, [first[0], `${first[1]}2`]];
  if (flood.kind === 'repeat') return [...fields, ...Array.from({ length: flood.n }, (): [string, string] => first)];
  return [...fields, ...Array.from({ length: flood.n }, (_, i): [string, string] => [`${first[0]}${i}`, first[1]])];
}

async function requestFor(target: Endpoint, input: Input): Promise<Request> {
  const cookie = await cookieOf(input.who, target.id);
  const encoded =
    target.reads === 'json'
      ? encodeJsonMessage(input.fields[0]?.[1] ?? '', input.fields, input.encoding)
      : encode(input.encoding, input.fields, input.fileBytes, input.fileName);
  const headers = new Headers({ Origin: origin, Host: 'portal.test', 'Accept-Language': input.language });
  if (cookie) headers.set('Cookie', `${cookie}; lng=${input.language}`);
  if (encoded.type) headers.set('Content-Type', encoded.type);
  const separator = target.path.includes('?') ? '&' : '?';
  const url = `${origin}${target.path}${input.query ? `${separator}${input.query}` : ''}`;
  return new Request(url, { method: 'POST', headers, body: encoded.body });
}

/** Each request from its own client address: per-client limits would otherwise answer everything. */
let clients = 0;
const nextContext = (): AppLoadContext =>
  context(`10.${(++clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`);

/** A value for a report: long runs of one character counted, cut to its first characters. */
function shown(value: unknown): string {
  return fc
    .stringify(value)
    .replace(/(.)\1{40,}/g, (run, c: string) => `${c}×${run.length}`)
    .slice(0, 1500);
}

/** The property running now: its seed, how many inputs it has tried, the last one. */
let running: { seed: number; numRuns: number; tried: number; input: unknown; reported: boolean } | undefined;

/** Called first in every property's predicate with what it was given. */
function trying(input: unknown): void {
  if (!running) return;
  running.tried++;
  running.input = input;
}

/**
 * fc.assert with a readable failure: the counterexample cut to its first characters (values of
 * 70,000 characters would flood the report), the seed and path to replay it (HOSTILE_SEED,
 * HOSTILE_PATH). The seed is drawn here, not by fast-check, so that it is known while the
 * property runs: an input over its time limit (HOSTILE_INPUT_MS) fails as a counterexample, and
 * should the test's own limit end it first (an input that blocks the event loop), the test's
 * failure names the seed and the last input tried.
 */
async function holds<T>(property: fc.IAsyncProperty<T>, numRuns: number): Promise<void> {
  const seed = fixedSeed ?? Math.floor(Math.random() * 0x7fffffff);
  const state = { seed, numRuns, tried: 0, input: undefined as unknown, reported: false };
  running = state;
  onTestFailed(() => {
    if (running !== state || state.reported) return;
    console.error(
      `hostile input: stopped at input ${state.tried} of ${numRuns}, seed ${seed} (HOSTILE_SEED=${seed} replays it)\n` +
        `  last input: ${shown(state.input)}`,
    );
  });
  const details = await fc.check(property, {
    numRuns,
    seed,
    path: replayPath,
    endOnFailure: true,
    timeout: inputLimitMs,
  });
  state.reported = true;
  if (!details.failed) return;
  const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  throw new Error(
    `${cause.slice(0, 2000)}\n  counterexample: ${shown(details.counterexample)}\n  seed ${details.seed}, path ${details.counterexamplePath} (HOSTILE_SEED=${details.seed} HOSTILE_PATH=${details.counterexamplePath} replays it)`,
  );
}

// ---------------------------------------------------------------------------------------------
// The properties
// ---------------------------------------------------------------------------------------------

/**
 * The properties for one shard of the endpoints (1-based: shard 1 of 4 takes the 1st, 5th, 9th,
 * …): called at the top level of a test file, with top-level await.
 */
export async function hostileInputProperties({ shard, of: shards }: { shard: number; of: number }): Promise<void> {
  const database = useRouteDatabase();
  cookieFor = demoFiles(database).cookieFor;
  useUploadFolder();
  const all = (await endpoints()).filter((e) => e.action);
  targets = all.filter((_, i) => i % shards === shard - 1);
  const perTarget = Math.ceil(totalRuns / all.length);
  const pages = targets.filter((t) => t.isPage).length;
  beforeAll(harvestForms, 180_000);

  describe(`shard ${shard} of ${shards}`, () => {
    it('takes its share of the endpoints; the shards together take them all, with ≥ 10,000 inputs', () => {
      expect(all.length).toBeGreaterThanOrEqual(40);
      expect(targets.length).toBeGreaterThan(0);
      if (!process.env.HOSTILE_RUNS) expect(perTarget * all.length).toBeGreaterThanOrEqual(10_000);
      for (let other = 1; other <= shards; other++)
        expect(
          existsSync(new URL(`./hostile-input-${other}.property.test.ts`, import.meta.url)),
          `shard ${other}`,
        ).toBe(true);
      expect(existsSync(new URL(`./hostile-input-${shards + 1}.property.test.ts`, import.meta.url))).toBe(false);
    });
  });

  describe('hostile input, property-based (issue 18, part 3)', () => {
    it('finds the actions of the route table, the chat route and /chatbot among them', () => {
      const ids = all.map((t) => t.id);
      expect(ids.length).toBeGreaterThanOrEqual(40);
      expect(ids).toEqual(
        expect.arrayContaining(['routes/$portal.assistant.chat', 'routes/$portal.chatbot', 'routes/$portal.signin']),
      );
      expect(vocabulary.length).toBeGreaterThan(30);
    });

    it.each(targets.map((t) => [t.id, t] as const))(
      'answers hostile requests to %s without a 500, names every 400, echoes nothing as markup',
      async (_id, target) => {
        const started = performance.now();
        await holds(
          fc.asyncProperty(inputFor(target), async (input) => {
            trying(input);
            counts.direct++;
            const request = await requestFor(target, input);
            let reason: string | null;
            try {
              const answer = await target.action!(request, nextContext());
              reason = await broken(target, answer);
            } catch (error) {
              reason = `threw (a 500): ${error instanceof Error ? error.stack?.split('\n').slice(0, 4).join(' | ') : String(error)}`;
            }
            if (reason && survey) survey.add(`${target.id}: ${reason.slice(0, 300)}`);
            else if (reason) throw new Error(`${target.id}: ${reason}`);
          }),
          perTarget,
        );
        timings.set(target.id, performance.now() - started);
      },
      5 * 60_000,
    );

    it(
      'renders the document of a page action’s answer with every marker escaped',
      async () => {
        const handle = await remixHandler();
        for (const target of targets.filter((t) => t.isPage)) {
          await holds(
            fc.asyncProperty(inputFor(target), async (input) => {
              trying({ target: target.id, input });
              counts.rendered++;
              // Markers in every value: whatever the page shows of the input must come escaped.
              const marked = {
                ...input,
                fields: input.fields.map(([k, v], i): [string, string] => [
                  k,
                  i % 2 ? `${v}${scriptMarker}` : `${attributeMarker}${v}`,
                ]),
              };
              const response = await handle(await requestFor(target, marked), nextContext());
              expect(response.status, target.id).toBeLessThan(500);
              const html = await response.text();
              for (const marker of rawMarkers)
                expect(html.includes(marker), `${target.id} shows ${marker} raw`).toBe(false);
              if (response.status === 400 && (response.headers.get('Content-Type') ?? '').includes('html')) {
                // The error summary (role="alert") or the error page's heading: never an empty 400.
                expect(html, target.id).toMatch(/role="alert"|<h1[^>]*>[^<]+/);
              }
            }),
            renderedRunsPerPage,
          );
        }
      },
      10 * 60_000,
    );

    it(
      'never reads a body past its limit, on every action',
      async () => {
        for (const target of targets) {
          await holds(
            fc.asyncProperty(
              fc.constantFrom('urlencoded', 'multipart', 'json'),
              fc.integer({ min: 1, max: 256 * 1024 }),
              fc.boolean(),
              async (kind, over, declared) => {
                trying({ target: target.id, kind, over, declared });
                counts.size++;
                const multipart = kind === 'multipart';
                const limit = multipart ? maxMultipartBodyBytes : maxSmallBodyBytes;
                const size = limit + over;
                const chunk = 64 * 1024;
                let pulled = 0;
                const prefix = new TextEncoder().encode(
                  multipart ? `--${boundary}\r\nContent-Disposition: form-data; name="message"\r\n\r\n` : 'message=',
                );
                const stream = new ReadableStream<Uint8Array>({
                  pull(controller) {
                    if (pulled >= size) return controller.close();
                    const bytes = pulled === 0 ? prefix : new Uint8Array(Math.min(chunk, size - pulled)).fill(0x61);
                    pulled += bytes.byteLength;
                    controller.enqueue(bytes);
                  },
                });
                const headers = new Headers({
                  Origin: origin,
                  Host: 'portal.test',
                  Cookie: (await cookieOf('100000001'))!,
                });
                headers.set(
                  'Content-Type',
                  multipart
                    ? `multipart/form-data; boundary=${boundary}`
                    : kind === 'json'
                      ? 'application/json'
                      : 'application/x-www-form-urlencoded',
                );
                if (declared) headers.set('Content-Length', String(size));
                const request = new Request(`${origin}${target.path}`, {
                  method: 'POST',
                  headers,
                  body: stream,
                  duplex: 'half',
                } as RequestInit);
                const answer = await target.action!(request, nextContext());
                expect(answer.status, target.id).toBeLessThan(500);
                // Never held past the limit: at most one chunk beyond it was pulled off the wire.
                expect(pulled, target.id).toBeLessThanOrEqual(limit + chunk + prefix.byteLength);
                if (request.bodyUsed && target.reads !== 'signed')
                  expect([400, 413], target.id).toContain(answer.status);
              },
            ),
            sizeRunsPerEndpoint,
          );
        }
      },
      10 * 60_000,
    );
  });

  // The edge's property takes every path once: in the first shard.
  if (shard === 1)
    describe('hostile request targets and hosts at the edge (issue 31)', () => {
      let server: Server | undefined;
      let port = 0;
      beforeAll(async () => {
        const app = express();
        app.use(await edgeApp());
        server = app.listen(0, '127.0.0.1');
        await new Promise((resolve) => server!.once('listening', resolve));
        port = (server.address() as AddressInfo).port;
      });
      afterAll(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

      /** One request exactly as written over a socket; the status of the answer (0: none). */
      function raw(head: string, body: string): Promise<number> {
        return new Promise((resolve, reject) => {
          const socket = net.connect(port, '127.0.0.1');
          let received = '';
          socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
          socket.on('close', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0)));
          socket.on('error', reject);
          socket.once('connect', () => socket.write(`${head}\r\n\r\n${body}`));
        });
      }

      it(
        'answers absolute-form targets and odd hosts without a 5xx',
        async () => {
          const own = () => `127.0.0.1:${port}`;
          const hosts = [
            'OWN',
            'evil.example',
            'evil.example:80',
            'OWN@evil.example',
            'user:pass@OWN',
            '[::1]',
            '[::1',
            'a b',
            'a/b',
            '%zz',
            'xn--nxasmq6b',
            'portal.test',
            '',
          ];
          const paths = [...new Set(all.map((t) => t.path)), '/', '/healthz', '/readyz', '/serviceportal'];
          await holds(
            fc.asyncProperty(
              fc.constantFrom('GET', 'POST', 'HEAD', 'OPTIONS'),
              fc.constantFrom('http://', 'https://', 'HTTP://', 'ftp://', '//', 'javascript:', ''),
              fc.constantFrom(...hosts),
              fc.constantFrom(...paths),
              fc.constantFrom(...hosts),
              fc.oneof(
                fc.constant(''),
                hostileValue.map((v) => `?${new URLSearchParams({ returnTo: v }).toString()}`),
              ),
              fc.constantFrom('', 'intent=pay', Array.from({ length: 300 }, () => 'a=1').join('&')),
              async (method, scheme, targetHost, path, hostHeader, query, body) => {
                trying({ method, scheme, targetHost, path, hostHeader, query, body });
                counts.edge++;
                const target =
                  scheme === '' && targetHost === 'OWN'
                    ? '*'
                    : `${scheme}${targetHost.replace('OWN', own())}${path}${query}`;
                const head = [
                  `${method} ${target} HTTP/1.1`,
                  `Host: ${hostHeader.replace('OWN', own())}`,
                  `Origin: http://${own()}`,
                  'Content-Type: application/x-www-form-urlencoded',
                  `Content-Length: ${Buffer.byteLength(body)}`,
                  'Connection: close',
                ].join('\r\n');
                const status = await raw(head, body);
                statusCounts.set(status, (statusCounts.get(status) ?? 0) + 1);
                // Node itself answers a request line it cannot parse with 400; nothing may be a 5xx.
                expect(status, `${head}`).toBeGreaterThanOrEqual(200);
                expect(status, `${head}`).toBeLessThan(500);
              },
            ),
            edgeRuns,
          );
        },
        10 * 60_000,
      );
    });

  // Last (vitest runs a file's tests in order): this shard's share, as many inputs per endpoint as
  // when one file ran them all. A run of some tests only (`-t`) leaves this one out too.
  describe(`shard ${shard} of ${shards}, at the end`, () => {
    it('ran every input of its share', () => {
      expect(counts.direct).toBe(perTarget * targets.length);
      expect(counts.rendered).toBe(renderedRunsPerPage * pages);
      expect(counts.size).toBe(sizeRunsPerEndpoint * targets.length);
      expect(counts.edge).toBe(shard === 1 ? edgeRuns : 0);
    });
  });

  afterAll(() => {
    const cpu = process.cpuUsage(startedAt);
    const total = counts.direct + counts.rendered + counts.size + counts.edge;
    const statuses = [...statusCounts.entries()]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s}: ${n}`)
      .join(', ');
    console.warn(
      `hostile input: ${total} inputs (${counts.direct} direct, ${counts.rendered} rendered, ${counts.size} body size, ${counts.edge} at the edge) ` +
        `on ${targets.length} of ${all.length} endpoints (shard ${shard} of ${shards}); statuses ${statuses}; CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s`,
    );
    if (survey) console.warn([...survey].sort().join('\n'));
    if (survey)
      console.warn(
        [...timings.entries()]
          .sort(([, a], [, b]) => b - a)
          .map(([id, ms]) => `${Math.round(ms)} ms ${id}`)
          .join('\n'),
      );
  });
}
