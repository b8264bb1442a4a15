import type { Params } from '@remix-run/react';
import { bankIdMethod, bankIdPageContext } from '#server/auth/bank-id/sign-in.ts';
import { findSession } from '#server/auth/session.ts';
import { requireVariant } from '~/lib/route-helpers.server';

/**
 * The BankID pages' start (the entry page, the Norwegian callback, the Swedish collect): the
 * variant of the path, its BankID method (`only`: the one this page serves) and the sign-in
 * context with the session already open in this browser. Not found where the variant has no
 * BankID, another method, or no provider configured.
 */
export async function bankIdPage(
  request: Request,
  params: Params,
  clientAddress: string,
  only?: 'bankIdSe' | 'bankIdNo',
) {
  const variant = requireVariant(params);
  const method = bankIdMethod(variant);
  if (!method || (only && method !== only)) throw new Response('Not Found', { status: 404 });
  const current = await findSession(request);
  const ctx = await bankIdPageContext({ variant, clientAddress, currentSession: current?.idHash ?? null });
  if (!ctx) throw new Response('Not Found', { status: 404 });
  return { variant, method, ctx };
}
