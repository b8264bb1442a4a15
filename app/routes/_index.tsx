import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { runtime } from '#server/runtime.ts';
import { withBase } from '#server/variants/resolve.ts';

/** `/` goes to the dashboard of the variant (by host, otherwise the default variant). */
export function loader({ request }: LoaderFunctionArgs) {
  const variant = runtime().variantOf(request);
  const search = new URL(request.url).search;
  return redirect(`${withBase(variant, '/dashboard')}${search}`);
}
