import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Forbidden } from '~/components/pages/ErrorPage';
import { documentTitle, pageContext } from '~/lib/route-helpers.server';
import { useRootData } from '~/root';
import { privatePageMeta } from '~/lib/meta';
export { RouteErrorBoundary as ErrorBoundary } from '~/components/pages/ErrorBoundary';

/** The 403 page for files where a function is unavailable, with phone contact. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { variant, t } = await pageContext(request, params);
  return data({ title: documentTitle(t('errors.forbidden.title'), variant.brand.name) }, { status: 403 });
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => privatePageMeta(d?.title);

export default function AccessDenied() {
  const root = useRootData()!;
  return <Forbidden variant={root.variant} locale={root.locale} />;
}
