import { data, redirect, type ActionFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { collectSwedishLogin, readFlow, replyTo, setCookieHeaders } from '#server/auth/bank-id/sign-in.ts';
import { sandboxLink } from '#server/variants/resolve.ts';
import { i18next } from '~/i18next.server';
import { bankIdPage } from '~/lib/bank-id.server';
import { readForm } from '~/lib/form.server';

/**
 * POST Collect (spec 7): one poll of a Swedish bank-identity order, called by the sign-in page
 * every two seconds through a fetcher. Answers `{ phase: 'pending', hint }` or
 * `{ phase: 'failed', reason }`; a complete order redirects to the dashboard with the session
 * cookie. The order must be the one this browser started (its cookie), whatever the form says.
 *
 * The file name keeps the URL /signin/bankid/collect but not the nesting: `signin_` and `bankid_`
 * stop the route from becoming a child of the sign-in and BankID pages.
 */
export const collectSchema = z.object({ orderRef: z.string().min(1).max(100), type: z.literal('auth').optional() });

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { variant, ctx } = await bankIdPage(request, params, context.clientAddress, 'bankIdSe');
  const parsed = collectSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return data({ phase: 'failed' as const, reason: 'unknownOrder' as const }, { status: 400 });

  const flow = readFlow(request);
  const progress = await collectSwedishLogin(ctx, flow, parsed.data.orderRef);
  const reply = replyTo(progress, flow);
  const headers = setCookieHeaders(reply.setCookies);
  if (reply.kind === 'redirect') return redirect(reply.location, { headers });
  // The app's page follows the journey's variant and language, as the page's own link does.
  const body =
    reply.body.phase === 'pending' && reply.body.launchUrl
      ? { ...reply.body, launchUrl: sandboxLink(reply.body.launchUrl, variant, await i18next.getLocale(request)) }
      : reply.body;
  return data(body, { status: reply.status, headers });
}

export function loader() {
  throw new Response('Not Found', { status: 404 });
}
