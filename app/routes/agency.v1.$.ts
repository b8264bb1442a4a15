/**
 * The agency API (issue 29, decision 086): every call under /agency/v1, answered by
 * server/agency/http.ts. GET and HEAD come in as the loader, every other method as the action;
 * neither reads a cookie. The edge's refusals (a body over its limit, a cross-site post) are
 * answered there as problem details.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { handleAgencyRequest } from '#server/agency/http.ts';

export function loader({ request, context }: LoaderFunctionArgs) {
  return handleAgencyRequest(request, { clientAddress: context.clientAddress, refusal: context.refusal });
}

export function action({ request, context }: ActionFunctionArgs) {
  return handleAgencyRequest(request, { clientAddress: context.clientAddress, refusal: context.refusal });
}
