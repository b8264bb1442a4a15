import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { runtime } from '#server/runtime.ts';
import { MaintenanceNotice } from '~/components/pages/ErrorPage';
import { documentTitle, pageContext } from '~/lib/route-helpers.server';
import { useRootData } from '~/root';
import { privatePageMeta } from '~/lib/meta';
export { RouteErrorBoundary as ErrorBoundary } from '~/components/pages/ErrorBoundary';

/** The maintenance page: 503 with Retry-After while maintenance is on. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { variant, t } = await pageContext(request, params);
  const state = await runtime().maintenance(request, variant);
  const payload = {
    title: documentTitle(t('maintenance.title'), variant.brand.name),
    active: state.active,
    until: state.until ?? null,
  };
  return data(payload, state.active ? { status: 503, headers: { 'Retry-After': '600' } } : undefined);
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => privatePageMeta(d?.title);

export default function Maintenance() {
  const page = useLoaderData<typeof loader>();
  const root = useRootData()!;
  return <MaintenanceNotice variant={root.variant} locale={root.locale} until={page.until} />;
}
