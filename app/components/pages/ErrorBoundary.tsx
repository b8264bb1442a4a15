import { isRouteErrorResponse, useRouteError } from '@remix-run/react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { RequestRefusal } from '#server/http/request-body.ts';
import { onDemand } from '~/lib/on-demand';
import { useRootData } from '~/root';

/**
 * The error page's texts and links (ErrorPage.tsx) are their own chunk, fetched only when a page
 * shows an error (issue 16): what is here, the boundary and the error's <title>, goes with every
 * page. The server has it from the start, so an error page's HTML is complete without
 * JavaScript; in the browser React keeps that HTML until the chunk is there.
 */
const errorPage = onDemand(() => import('./ErrorPage').then((module) => module.ErrorPage));
if (typeof document === 'undefined') void errorPage.preload();

/** What the thrown error says: its status, and the reason of a refused or unavailable request. */
function errorFacts(error: unknown): Required<ErrorPageProps> {
  if (!isRouteErrorResponse(error)) return { status: 500, refused: null, unavailable: false };
  return {
    status: error.status,
    // A request refused for its body or origin names its reason (app/lib/form.server.ts).
    refused: refusalOf(error.data),
    // The database is away (server/db/unavailable.ts): briefly unavailable, not maintenance.
    unavailable: error.status === 503 && isUnavailable(error.data),
  };
}

/**
 * The head of a page whose loader or action failed: its title in the debtor's language, and no
 * indexing. The routes' meta() would have no data here (a title "undefined").
 */
export function ErrorHead({ error }: { error: unknown }) {
  return (
    <>
      <ErrorTitle {...errorFacts(error)} />
      <meta name="robots" content="noindex" />
    </>
  );
}

/**
 * The error boundary every screen exports (`export { RouteErrorBoundary as ErrorBoundary }`).
 * It renders inside the root layout, so header, footer, language switcher and the session stay
 * as they were; only the page area says, in the debtor's language, what happened and how to go on.
 * The document's <title> for the error is rendered in the head by the root layout (ErrorHead).
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <Suspense fallback={null}>
      <errorPage.Component {...errorFacts(error)} />
    </Suspense>
  );
}

const refusals: readonly RequestRefusal[] = [
  'notAForm',
  'brokenForm',
  'fieldTooLarge',
  'tooManyFields',
  'tooLarge',
  'crossSite',
];

function isUnavailable(data: unknown): boolean {
  return Boolean(data && typeof data === 'object' && 'unavailable' in data);
}

/** The reason of a refused request, from the thrown response's data (`{ refused }`), or null. */
export function refusalOf(data: unknown): RequestRefusal | null {
  const reason = data && typeof data === 'object' && 'refused' in data ? (data as { refused: unknown }).refused : null;
  return refusals.find((r) => r === reason) ?? null;
}

/** What an error page is about: the status, and the reason of a refused or unavailable request. */
export interface ErrorPageProps {
  status: number;
  refused?: RequestRefusal | null;
  unavailable?: boolean;
}

/**
 * The title of an error page. Error pages have no loader data for meta(), so the root layout
 * renders this in the head instead of the routes' <Meta /> (a <title> in the body is not HTML).
 */
export function ErrorTitle({ status, refused = null, unavailable = false }: ErrorPageProps) {
  const { t } = useTranslation();
  const data = useRootData();
  const key = refused
    ? `errors.refused.${refused}.title`
    : unavailable
      ? 'errors.unavailable.title'
      : status === 404
        ? 'errors.notFound.title'
        : status === 403
          ? 'errors.forbidden.title'
          : status === 503
            ? 'maintenance.title'
            : 'errors.generic.title';
  return <title>{`${t(key)} – ${data?.variant.brand.name ?? 'Serviceportal'}`}</title>;
}
