/** The Zahlung calls of the wallet vault (provider 8), which the portal does not keep. */
import { z } from 'zod';
import { apiOk, defineEndpoint, problem, type AnyEndpoint, type ApiResult } from '../../define.ts';
import { providerNotAvailable } from '../payment-support.ts';
import { withFile } from './presenters.ts';

/**
 * The portal keeps no wallet vault tokens (no provider for it is connected): none exists, none can
 * be read, confirmed or deleted (404), and none can be created (403 provider not available).
 */
const vaultTokenBody = z.object({ token: z.string().trim().min(1).max(200) });
const vaultTokenNotFound = () => problem(404, 'vaultTokenNotFound');

interface VaultCall {
  name: string;
  method: 'GET' | 'POST';
  summary: string;
  body?: typeof vaultTokenBody;
  response: z.ZodObject;
  answer: () => ApiResult<Record<string, unknown>>;
}

const vaultCalls: VaultCall[] = [
  {
    name: 'ExistsPaypalVaultToken',
    method: 'GET',
    summary: 'Whether a stored wallet token (vault, provider 8) exists for the file: the portal stores none.',
    response: z.object({ exists: z.boolean() }),
    answer: () => apiOk({ exists: false }),
  },
  {
    name: 'GetPaypalVaultToken',
    method: 'GET',
    summary: 'The stored wallet token: none is stored by the portal (404).',
    response: z.object({ token: z.string() }),
    answer: vaultTokenNotFound,
  },
  {
    name: 'CreatePaypalVaultUrl',
    method: 'POST',
    summary: 'Store a wallet for the plan: no vault provider is connected (403 provider not available).',
    response: z.object({ url: z.string() }),
    answer: () => providerNotAvailable('8'),
  },
  {
    name: 'ConfirmPaypalVaultToken',
    method: 'POST',
    summary: 'Confirm a stored wallet token: the portal issued none (404).',
    body: vaultTokenBody,
    response: z.object({ confirmed: z.boolean() }),
    answer: vaultTokenNotFound,
  },
  {
    name: 'DeletePaypalVaultToken',
    method: 'POST',
    summary: 'Delete a stored wallet token: the portal stores none (404).',
    body: vaultTokenBody,
    response: z.object({ deleted: z.boolean() }),
    answer: vaultTokenNotFound,
  },
];

/** A vault call for a file: reads are cached like the file's other data, changes are not. */
function vaultCall({ name, method, summary, body, response, answer }: VaultCall): AnyEndpoint {
  return defineEndpoint({
    group: 'Zahlung',
    name,
    method,
    auth: 'limited',
    cache: method === 'GET' ? 'private15' : 'none',
    summary,
    ...(body && { body }),
    response,
    handler: (_input, ctx) => withFile(ctx, answer),
  }) as unknown as AnyEndpoint;
}

export const vaultCallList = vaultCalls.map(vaultCall);
