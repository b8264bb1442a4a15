export { RouteErrorBoundary as ErrorBoundary } from '~/components/pages/ErrorBoundary';
/**
 * Where the state guards of the payment journeys send a debtor whose file is in another state
 * (spec 2.3): it says why this page is not available now and what to do instead.
 */
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { requireDebtor } from '~/lib/auth.server';
import { documentTitle, pageContext } from '~/lib/route-helpers.server';
import { href } from '~/lib/variant';
import { useRootData } from '~/root';
import { privatePageMeta } from '~/lib/meta';
import { CallUsLink } from '~/components/ui/CallUsLink';
import { ButtonLinkLine } from '~/components/ui/ButtonLink';

const reasons = ['statusOpen', 'status20', 'sepaActive', 'noPlan'] as const;

export const handle = { i18n: ['common', 'instalments'] };

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { variant, t } = await pageContext(request, params, ['instalments', 'common']);
  await requireDebtor(request, variant, { context });
  const reason = new URL(request.url).searchParams.get('reason');
  return {
    title: documentTitle(t('unavailable.title'), variant.brand.name),
    reason: (reasons as readonly string[]).includes(reason ?? '') ? (reason as (typeof reasons)[number]) : null,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => privatePageMeta(data?.title);

export default function Unavailable() {
  const { reason } = useLoaderData<typeof loader>();
  const { t } = useTranslation(['instalments', 'common']);
  const { variant } = useRootData()!;
  return (
    <div className="container page instalments">
      <div className="form-card">
        <h1>{t('unavailable.title')}</h1>
        <div className="panel panel--warning" data-testid={`unavailable-${reason ?? 'other'}`}>
          <p>{t(`unavailable.${reason ?? 'other'}`)}</p>
        </div>
        <p>
          <CallUsLink variant={variant} />
        </p>
        <ButtonLinkLine to={href(variant, '/dashboard')}>{t('back')}</ButtonLinkLine>
      </div>
    </div>
  );
}
