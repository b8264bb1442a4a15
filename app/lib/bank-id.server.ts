import { data, redirect } from '@remix-run/node';
import type { Params } from '@remix-run/react';
import {
  bankIdMethod,
  bankIdPageContext,
  collectSwedishLogin,
  readFlow,
  replyTo,
  setCookieHeaders,
} from '#server/auth/bank-id/sign-in.ts';
import { sandboxLink } from '#server/variants/resolve.ts';
import { i18next } from '~/i18next.server';
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

/**
 * One Swedish collect for the page and for the app's polling: a redirect once signed in, or else
 * the progress, whose app link follows the journey's variant and language as the page's own does.
 */
export async function collectReply(
  request: Request,
  { variant, ctx }: Pick<Awaited<ReturnType<typeof bankIdPage>>, 'variant' | 'ctx'>,
  orderRef: string,
) {
  const flow = readFlow(request);
  const reply = replyTo(await collectSwedishLogin(ctx, flow, orderRef), flow);
  const headers = setCookieHeaders(reply.setCookies);
  if (reply.kind === 'redirect') return redirect(reply.location, { headers });
  const body =
    reply.body.phase === 'pending' && reply.body.launchUrl
      ? { ...reply.body, launchUrl: sandboxLink(reply.body.launchUrl, variant, await i18next.getLocale(request)) }
      : reply.body;
  return data(body, { status: reply.status, headers });
}
