/**
 * The Zahlung and Country tests call the API as a client does, through the runtime
 * (tests/api/helpers.ts): a bearer token per demo file and level (signed in once per database,
 * each sign-in from its own client address so that the sign-in limits stay out of the way), the
 * endpoint's path with its parameters and query, JSON or multipart as the endpoint reads it; every
 * 200 answer is checked against the endpoint's published schema, every other one is a problem.
 */
import { pathOf, type AnyEndpoint, type ApiUpload } from '#server/api/define.ts';
import { getDatabase } from '#server/db/client.ts';
import { apiCall, apiSignIn, expectProblem, expectSchema, type ApiCallOptions, type AnyBody } from './helpers.ts';

export interface Call {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
  files?: ApiUpload[];
  headers?: Record<string, string>;
}

/** Per process database: a token names a session of the database it was signed in on (decision 092). */
const tokensByDatabase = new WeakMap<object, Map<string, string>>();
let clients = 0;

export async function tokenOf(refno: string, level: 'limited' | 'full' = 'full'): Promise<string> {
  const database = await getDatabase();
  let tokens = tokensByDatabase.get(database);
  if (!tokens) tokensByDatabase.set(database, (tokens = new Map()));
  const known = tokens.get(`${refno}/${level}`);
  if (known) return known;
  clients += 1;
  const token = await apiSignIn(refno, { level, client: `198.51.100.${clients % 250}` });
  tokens.set(`${refno}/${level}`, token);
  return token;
}

export async function callApi(
  endpoint: AnyEndpoint,
  token: string | null,
  input: Call = {},
): Promise<{ status: number; headers: Headers; body: AnyBody }> {
  let path = pathOf(endpoint).replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(input.params?.[name] ?? ''),
  );
  if (input.query) path += `?${new URLSearchParams(input.query).toString()}`;
  const options: ApiCallOptions = { token: token ?? undefined, headers: input.headers };
  if (endpoint.method === 'POST') {
    if (endpoint.bodyType === 'multipart') {
      const form: NonNullable<ApiCallOptions['form']> = {};
      for (const [name, value] of Object.entries(input.body ?? {})) form[name] = String(value);
      for (const file of input.files ?? [])
        form[file.field] = [
          ...((form[file.field] as Blob[] | undefined) ?? []),
          new File([file.bytes as Uint8Array<ArrayBuffer>], file.filename, { type: file.contentType }),
        ];
      options.form = form;
    } else options.json = input.body ?? {};
  }
  const answer = await apiCall(endpoint.method, path, options);
  // The published shape: an answer that does not match fails here (and the runtime answers 503).
  if (answer.status === 200) expectSchema(endpoint.response, answer.body);
  else expectProblem(answer, answer.status);
  return answer;
}
