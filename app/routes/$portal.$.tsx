import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { ErrorPage } from '~/components/pages/ErrorPage';
import { documentTitle, pageContext } from '~/lib/route-helpers.server';
import { privatePageMeta } from '~/lib/meta';

/** Any other path inside a variant: the 404 page with useful links. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { variant, t } = await pageContext(request, params);
  return data({ title: documentTitle(t('errors.notFound.title'), variant.brand.name) }, { status: 404 });
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => privatePageMeta(d?.title);

export default function NotFoundRoute() {
  return <ErrorPage status={404} />;
}

export function ErrorBoundary() {
  return <ErrorPage status={404} />;
}
