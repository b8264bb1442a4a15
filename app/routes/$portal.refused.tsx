import type { LoaderFunctionArgs } from '@remix-run/node';
import { refusedResponse } from '~/lib/form.server';
import { requireVariant } from '~/lib/route-helpers.server';
export { RouteErrorBoundary as ErrorBoundary } from '~/components/pages/ErrorBoundary';

/**
 * The page for a request the Express edge refused before the portal read it (decision 023): a
 * cross-site post (403) or a body declared larger than its limit (413). The edge turns the
 * request into a GET of this page in the variant of its path and hands the refusal over in the
 * load context; the loader throws it, so the error boundary says why in the debtor's
 * language, like every other refused body. Opened directly, without a refusal, it is not found.
 */
export function loader({ params, context }: LoaderFunctionArgs) {
  requireVariant(params);
  if (!context.refusal) throw new Response('Not Found', { status: 404 });
  throw refusedResponse(context.refusal.reason, context.refusal.status);
}

export default function Refused() {
  // Never rendered: the loader always throws.
  return null;
}
