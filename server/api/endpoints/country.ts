/**
 * Spec section 7, the country payment providers (issue 17): TWINT (Switzerland), the open-banking
 * payment (FinAPI, Finshark), Swish (Sweden) and the Norwegian payment request (NelloPay), with the
 * paths as the spec spells them. Each starts its method through the action layer's startPayment
 * (the sandbox adapter in the demo); a file whose variant does not offer the method gets 403
 * `providerNotAvailable`. Status calls read the token's own payment only (another file's is 404).
 */
import { z } from 'zod';
import { defineEndpoint, type AnyEndpoint, type ApiContext } from '../define.ts';
import type { MethodKey } from '../../payments/methods.ts';
import { paymentStatus } from './zahlung.ts';
import { fileOf, idempotencyHeaders, majorAmount, noFile, paymentSchema, startPaymentFor } from './payment-support.ts';

async function start(ctx: ApiContext, method: MethodKey, amountMinor: number | undefined) {
  const file = await fileOf(ctx);
  return file ? startPaymentFor(ctx, file, method, amountMinor) : noFile();
}

const optionalAmount = z.object({ amount: majorAmount.optional() });
const amountQuery = z.object({ amount: majorAmount });
const idParam = z.object({ id: z.string().trim().min(1).max(100) });

export const countryEndpoints: AnyEndpoint[] = [
  defineEndpoint({
    group: 'Country',
    name: 'GetTwintUrl',
    path: '/api/Zahlung/GetTwintUrl',
    method: 'POST',
    auth: 'limited',
    cache: 'none',
    summary:
      "Start a TWINT payment (Swiss variant) of the amount, or of what the file asks without one; the answer is TWINT's page.",
    body: optionalAmount,
    headers: idempotencyHeaders,
    response: paymentSchema,
    handler: ({ body }, ctx) => start(ctx, 'twint', body.amount),
  }),
  defineEndpoint({
    group: 'Country',
    name: 'GetTwintStatus',
    path: '/api/Zahlung/GetTwintStatus',
    method: 'GET',
    auth: 'limited',
    cache: 'none',
    summary: 'The status of a TWINT payment of the file (TransactionId = the payment id), asked at the provider.',
    query: z.object({ TransactionId: z.string().trim().min(1).max(100) }),
    response: paymentSchema,
    handler: ({ query }, ctx) => paymentStatus(ctx, query.TransactionId, ['twint']),
  }),
  defineEndpoint({
    group: 'Country',
    name: 'GetFinApiUrl',
    path: '/api/Zahlung/GetFinApiUrl',
    method: 'POST',
    auth: 'limited',
    cache: 'none',
    summary: "Start an open-banking payment of the amount (or of what the file asks); the answer is the bank's page.",
    body: optionalAmount,
    headers: idempotencyHeaders,
    response: paymentSchema,
    handler: ({ body }, ctx) => start(ctx, 'openBanking', body.amount),
  }),
  defineEndpoint({
    group: 'Country',
    name: 'GetPayment',
    path: '/api/Finshark/GetPayment',
    method: 'GET',
    auth: 'limited',
    cache: 'none',
    summary:
      'Start an open-banking payment (Swedish variant) of the amount; send an Idempotency-Key so that a repeated GET answers the same payment.',
    query: amountQuery,
    headers: idempotencyHeaders,
    response: paymentSchema,
    handler: ({ query }, ctx) => start(ctx, 'openBanking', query.amount),
  }),
  defineEndpoint({
    group: 'Country',
    name: 'ValidatePayment',
    path: '/api/Finshark/ValidatePayment/{id}',
    method: 'GET',
    auth: 'limited',
    cache: 'none',
    summary: 'The status of an open-banking payment of the file, asked at the provider.',
    params: idParam,
    response: paymentSchema,
    handler: ({ params }, ctx) => paymentStatus(ctx, params.id, ['openBanking']),
  }),
  defineEndpoint({
    group: 'Country',
    name: 'CreatePaymentRequest',
    path: '/api/Swish/CreatePaymentRequest',
    method: 'POST',
    auth: 'limited',
    cache: 'none',
    summary: 'Start a Swish payment request (Swedish variant) of the amount.',
    query: amountQuery,
    headers: idempotencyHeaders,
    response: paymentSchema,
    handler: ({ query }, ctx) => start(ctx, 'swish', query.amount),
  }),
  defineEndpoint({
    group: 'Country',
    name: 'GetPaymentRequest',
    path: '/api/Swish/GetPaymentRequest/{id}',
    method: 'GET',
    auth: 'limited',
    cache: 'none',
    summary: 'The status of a Swish payment request of the file, asked at the provider.',
    params: idParam,
    response: paymentSchema,
    handler: ({ params }, ctx) => paymentStatus(ctx, params.id, ['swish']),
  }),
  defineEndpoint({
    group: 'Country',
    name: 'CreatePaymentRequest',
    path: '/api/NelloPay/CreatePaymentRequest',
    method: 'POST',
    auth: 'limited',
    cache: 'none',
    summary:
      'Start a Norwegian payment request (Norwegian variant) of the amount; `language` is the page language, `paymentType` is accepted and not used.',
    query: z.object({
      amount: majorAmount,
      language: z.string().trim().min(2).max(10),
      paymentType: z.string().trim().max(40).optional(),
    }),
    headers: idempotencyHeaders,
    response: paymentSchema,
    handler: ({ query }, ctx) => start(ctx, 'noPaymentRequest', query.amount),
  }),
] as unknown as AnyEndpoint[];
