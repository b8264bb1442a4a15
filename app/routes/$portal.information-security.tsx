import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { LegalPage } from '~/components/pages/LegalPage';
import { legalPageLoader } from '~/lib/legal.server';
export { RouteErrorBoundary as ErrorBoundary } from '~/components/pages/ErrorBoundary';

export const handle = { i18n: ['common', 'legal'] };

export const loader = (args: LoaderFunctionArgs) => legalPageLoader(args, 'informationSecurity');

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export default function InformationSecurity() {
  const { ns, page, values } = useLoaderData<typeof loader>();
  return <LegalPage ns={ns} page={page} values={values} />;
}
