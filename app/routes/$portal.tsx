import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { Outlet, type ShouldRevalidateFunction } from '@remix-run/react';
import { runtime } from '#server/runtime.ts';
import { withBase } from '#server/variants/resolve.ts';
import { requireVariant } from '~/lib/route-helpers.server';
export { RouteErrorBoundary as ErrorBoundary } from '~/components/pages/ErrorBoundary';

/**
 * Every screen lives under a variant's base path. Before each navigation the maintenance
 * switch is checked (spec 2.2): in maintenance every page but the maintenance page redirects.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const variant = requireVariant(params);
  const maintenancePath = withBase(variant, '/maintenance');
  const { pathname } = new URL(request.url);
  const state = await runtime().maintenance(request, variant);
  if (state.active && pathname !== maintenancePath && !pathname.endsWith('/theme.css')) throw redirect(maintenancePath);
  return null;
}

/**
 * The maintenance switch is checked before every navigation, redirects included; a submission
 * that stays on its page (a fetcher, a form answered with its errors) is no new navigation.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod }) =>
  !formMethod || formMethod.toUpperCase() === 'GET';

export default function VariantLayout() {
  return <Outlet />;
}
