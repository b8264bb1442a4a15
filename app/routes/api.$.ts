/**
 * The JSON API (issue 17, decision 044): every call of spec section 7 under /api/, answered by
 * server/api/runtime.ts from the registry. GET and HEAD come in as the loader, every other method
 * as the action; neither reads a cookie.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { handleApiRequest } from '#server/api/runtime.ts';

export function loader({ request, context }: LoaderFunctionArgs) {
  return handleApiRequest(request, { clientAddress: context.clientAddress, refusal: context.refusal });
}

export function action({ request, context }: ActionFunctionArgs) {
  return handleApiRequest(request, { clientAddress: context.clientAddress, refusal: context.refusal });
}
