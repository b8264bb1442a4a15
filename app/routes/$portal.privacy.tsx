import type { LoaderFunctionArgs } from '@remix-run/node';
import { LegalRoute, legalHandle, legalMeta } from '~/components/pages/LegalPage';
import { legalPageLoader } from '~/lib/legal.server';
export { RouteErrorBoundary as ErrorBoundary } from '~/components/pages/ErrorBoundary';

export const handle = legalHandle('privacy');

export const loader = (args: LoaderFunctionArgs) => legalPageLoader(args, 'privacy');

export const meta = legalMeta;

export default LegalRoute;
