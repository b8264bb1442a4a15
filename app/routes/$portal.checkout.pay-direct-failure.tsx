import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { TwintReturnPage } from '~/components/checkout/TwintResult';
import { twintReturn } from '~/lib/twint.server';
import checkoutStyles from '~/styles/checkout.css?url';
import { privatePageMeta, stylesheets } from '~/lib/meta';
export { RouteErrorBoundary as ErrorBoundary } from '~/components/pages/ErrorBoundary';

/** Swiss variant (/serviceportal-ch): TWINT sends the browser here after the payment (spec 2.1). The status is asked, not taken from the URL. */
export const handle = { i18n: ['common', 'checkout'] };
export const links = stylesheets(checkoutStyles);

export const loader = (args: LoaderFunctionArgs) => twintReturn(args, 'failure');

export const meta: MetaFunction<typeof loader> = ({ data: d }) => privatePageMeta(d?.title);

export default TwintReturnPage;
