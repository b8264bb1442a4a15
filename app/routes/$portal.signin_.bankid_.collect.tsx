import { data, type ActionFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { bankIdPage, collectReply } from '~/lib/bank-id.server';
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

  return collectReply(request, { variant, ctx }, parsed.data.orderRef);
}

export function loader() {
  throw new Response('Not Found', { status: 404 });
}
