import { type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { fieldError } from '~/lib/form-errors';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { getProfileForPage, profileUpdatePermissionForPage } from '#server/profile/profile.ts';
import { todayInBerlin } from '#server/profile/rules.ts';
import { profileChangeSchema } from '#server/profile/schema.ts';
import { draftZipCityMismatch } from '#server/profile/zip-city.ts';
import { withBase } from '#server/variants/resolve.ts';
import { ProfileEditForm } from '~/components/profile/ProfileEditForm';
import { ProfileTabs } from '~/components/profile/ProfileTabs';
import { BlockedNotice, PendingNotice, ProfileView } from '~/components/profile/ProfileView';
import type { RefusedInfo, UploadInfo } from '~/components/uploads/UploadField';
import { actionContext, checkAction, returnPathOf, runAction, stepUpRedirect } from '~/lib/actions.server';
import { requireDebtor } from '~/lib/auth.server';
import { documentTitle, pageContext } from '~/lib/route-helpers.server';
import { readFormWithUploads } from '~/lib/uploads.server';
import profileStyles from '~/styles/profile.css?url';
import serviceStyles from '~/styles/service.css?url';
import { privatePageMeta, stylesheets } from '~/lib/meta';
export { RouteErrorBoundary as ErrorBoundary } from '~/components/pages/ErrorBoundary';

/**
 * The profile (spec 2.1, 3, 4.3, 5, 6): the "personal data" tab. It shows what we have on file;
 * `?edit=true` opens the change form. A change becomes a pending request that staff process —
 * the data on file stay as they are until then, and no further change can be sent meanwhile.
 * The form works without JavaScript (multipart POST with its proof files, then a redirect).
 */
export const handle = { i18n: ['common', 'profile', 'uploads'] };
export const links = stylesheets(serviceStyles, profileStyles);

type Refusal = 'pending' | 'blocked';

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { variant, t } = await pageContext(request, params, 'profile');
  const session = await requireDebtor(request, variant, { level: 'full', context });
  const ctx = { fileId: session.fileId, debtorId: session.debtorId };
  const profile = await getProfileForPage(ctx);
  if (!profile) throw redirect(withBase(variant, '/dashboard'));
  const permission = await profileUpdatePermissionForPage(ctx);
  const url = new URL(request.url);
  const wantsEdit = url.searchParams.get('edit') === 'true';
  return {
    title: documentTitle(t('title'), variant.brand.name),
    profile,
    today: todayInBerlin(),
    allowed: permission.allowed,
    refusal: permission.allowed
      ? null
      : permission.reason === 'blocked'
        ? ('blocked' as const)
        : permission.reason === 'pending'
          ? ('pending' as const)
          : null,
    pending: !permission.allowed && permission.reason === 'pending' ? permission.pending : null,
    // Edit mode only when a change is possible; otherwise the page says why.
    edit: wantsEdit && permission.allowed,
    editRefused: wantsEdit && !permission.allowed,
    sent: url.searchParams.get('sent') === '1',
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => privatePageMeta(d?.title);

type Reply = {
  result: SubmissionResult<string[]>;
  kept: UploadInfo[];
  refused: RefusedInfo[];
  refusal: Refusal | null;
};

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { variant, language } = await pageContext(request, params, 'profile');
  const session = await requireDebtor(request, variant, { level: 'full' });
  const ctx = { fileId: session.fileId, debtorId: session.debtorId };
  const { formData, outcome, kept } = await readFormWithUploads(request, {
    ...ctx,
    context: 'profileChange',
  });
  const keptInfo = kept.map(({ id, name, sizeBytes }) => ({
    id,
    name,
    sizeBytes,
  }));
  // Only this file's pending proof files count.
  formData.delete('uploadId');
  for (const upload of kept) formData.append('uploadId', String(upload.id));
  const submission = parseWithZod(formData, { error: fieldError, schema: profileChangeSchema(todayInBerlin()) });

  // The permission check comes first: a pending request or a blocked file refuses every change.
  const actx = await actionContext({ request, session, variant, language, clientAddress: context.clientAddress });
  const check = await checkAction('requestProfileChange', actx);
  if (check?.kind === 'stepUp') return stepUpRedirect(variant, returnPathOf(request), check.signIn);
  if (check) {
    const refusal: Refusal = check.kind === 'refused' && check.reason === 'blocked' ? 'blocked' : 'pending';
    return data<Reply>(
      {
        result: submission.reply({ formErrors: [`refused.${refusal}`] }),
        kept: keptInfo,
        refused: [],
        refusal,
      },
      { status: refusal === 'blocked' ? 403 : 409 },
    );
  }
  if (submission.status !== 'success' || outcome.refused.length > 0) {
    // The postal-code directory is asked now too, not only once everything else is right.
    const zipCity =
      submission.status === 'error' && draftZipCityMismatch(submission.payload, Object.keys(submission.error ?? {}));
    return data<Reply>(
      {
        result: zipCity ? submission.reply({ fieldErrors: { zipCode: ['errors.zipCity'] } }) : submission.reply(),
        kept: keptInfo,
        refused: outcome.refused,
        refusal: null,
      },
      { status: 400 },
    );
  }
  const result = await runAction('requestProfileChange', actx, submission.value);
  if (!result.ok && result.kind === 'stepUp') return stepUpRedirect(variant, returnPathOf(request), result.signIn);
  if (!result.ok) {
    type ReplyOptions = NonNullable<Parameters<typeof submission.reply>[0]>;
    const problem = result.kind === 'refused' ? result.reason : 'invalid';
    const reply = ((): { status: number; options: ReplyOptions; refusal: Refusal | null } => {
      switch (problem) {
        case 'zipCityMismatch':
          return {
            status: 400,
            options: { fieldErrors: { zipCode: ['errors.zipCity'] } },
            refusal: null,
          };
        case 'noChange':
          return {
            status: 400,
            options: { formErrors: ['errors.noChange'] },
            refusal: null,
          };
        case 'pending':
        case 'blocked':
          return {
            status: problem === 'blocked' ? 403 : 409,
            options: { formErrors: [`refused.${problem}`] },
            refusal: problem,
          };
        case 'notYours':
        case 'totalTooLarge':
        case 'tooMany':
          return {
            status: 400,
            options: {
              fieldErrors: { uploadId: [`errors.proof.${problem}`] },
            },
            refusal: null,
          };
        default:
          return {
            status: 400,
            options: { formErrors: ['errors.generic'] },
            refusal: null,
          };
      }
    })();
    return data<Reply>(
      {
        result: submission.reply(reply.options),
        kept: keptInfo,
        refused: [],
        refusal: reply.refusal,
      },
      { status: reply.status },
    );
  }
  return redirect(`${withBase(variant, '/debtor/profile')}?sent=1`);
}

export default function ProfilePage() {
  const { edit, editRefused, sent, refusal: loaderRefusal, pending } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation(['profile', 'common']);
  const refusal = actionData?.refusal ?? loaderRefusal;
  // After a refused send (someone else's request came first), the page shows why instead of the form.
  const showForm = edit && !actionData?.refusal;
  return (
    <div className="container page profile">
      <h1>{t('title')}</h1>
      <ProfileTabs current="personal" />
      {sent ? (
        <div className="panel panel--success" role="status">
          <p>
            <strong>{t('sent.title')}</strong>
          </p>
          <p>{t('sent.text')}</p>
        </div>
      ) : null}
      {refusal === 'blocked' ? <BlockedNotice role={editRefused || actionData?.refusal ? 'alert' : undefined} /> : null}
      {refusal === 'pending' && pending ? (
        <PendingNotice pending={pending} alert={editRefused || !!actionData?.refusal} />
      ) : null}
      {showForm ? <ProfileEditForm /> : <ProfileView />}
    </div>
  );
}
