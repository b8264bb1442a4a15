/**
 * The assistant without JavaScript (decision 039): a server-rendered conversation. The message
 * is a plain form post; the same turn runs as in the pane (the same engine, tools and intent
 * log), the answer is stored with the conversation and the page shows it with the same
 * components, as links and plain forms. `?topic=Gezahlt` (the Spanish variant: `Pagada`) opens on
 * the already-paid topic, as the spec's /chatbot did.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import type { UIMessage } from 'ai';
import { useTranslation } from 'react-i18next';
import { createTools, type ToolResult } from '#server/assistant/tools/index.ts';
import { conversationEnded, maxMessageChars, playTurn } from '#server/assistant/turn.ts';
import { todayForVariant } from '#server/dates.ts';
import { withBase } from '#server/variants/resolve.ts';
import { Conversation, conversationEnded as endedInView } from '~/components/assistant/Conversation';
import { ToolResultView } from '~/components/assistant/ToolResultView';
import { assistantSettings, chatContext, chatTurnAllowed, chatView, stepUpChat } from '~/lib/assistant.server';
import { ChatFormStateContext, type ChatFormState } from '~/components/assistant/ChatFormState';
import { readForm } from '~/lib/form.server';
import { documentTitle, pageContext } from '~/lib/route-helpers.server';
import { useRootData } from '~/root';
import styles from '~/styles/assistant.css?url';
import { SubmitButton } from '~/components/ui/SubmitButton';
import { privatePageMeta, stylesheets } from '~/lib/meta';
export { RouteErrorBoundary as ErrorBoundary } from '~/components/pages/ErrorBoundary';

export const handle = {
  i18n: ['common', 'assistant', 'contact', 'announce', 'feedback', 'modals', 'claimInfo', 'claim'],
};
export const links = stylesheets(styles);

/** The spec's topics: the already-paid topic is "Gezahlt", in the Spanish variant "Pagada". */
const paidTopics = new Set(['gezahlt', 'pagada']);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { t } = await pageContext(request, params, 'assistant');
  const ctx = await chatContext(request, params);
  const topic = new URL(request.url).searchParams.get('topic')?.toLowerCase() ?? '';
  let topicResult: ToolResult | null = null;
  if (paidTopics.has(topic)) {
    const tools = createTools({
      db: ctx.db,
      session: ctx.session,
      variant: ctx.variant,
      language: ctx.language,
      today: todayForVariant(ctx.variant.id),
    });
    topicResult = (await tools.already_paid.execute!({}, { toolCallId: 'topic', messages: [] })) as ToolResult;
  }
  const view = await chatView(ctx);
  const headers = new Headers({ 'Cache-Control': 'no-store' });
  if (ctx.setCookie) headers.append('Set-Cookie', ctx.setCookie);
  return data({ title: documentTitle(t('chatbot.title'), ctx.variant.brand.name), ...view, topicResult }, { headers });
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => privatePageMeta(d?.title);

export async function action({ request, params, context }: ActionFunctionArgs) {
  const ctx = await chatContext(request, params);
  const form = await readForm(request);
  const headers = new Headers();
  if (ctx.setCookie) headers.append('Set-Cookie', ctx.setCookie);
  if (form.get('intent') === 'stepUp') {
    // The password step-up (decision 049): the sign-in's checks; on success the request it was asked for goes on.
    const outcome = await stepUpChat(ctx, form, context.clientAddress);
    if (!outcome.ok) {
      if (outcome.error === 'signIn') return redirect(withBase(ctx.variant, '/signin'));
      const formState: ChatFormState = {
        form: 'stepUp',
        fieldErrors: { password: outcome.error },
        values: outcome.retryMinutes ? { minutes: outcome.retryMinutes } : {},
      };
      if (outcome.retryMinutes) headers.set('Retry-After', String(outcome.retryMinutes * 60));
      return data({ error: null, text: '', formState }, { status: outcome.status, headers });
    }
    if (outcome.cookie) headers.append('Set-Cookie', outcome.cookie);
    if (outcome.resume) await answer({ ...ctx, session: outcome.session }, outcome.resume);
    return redirect(`${withBase(ctx.variant, '/chatbot')}#latest`, { headers });
  }
  const text = String(form.get('text') ?? '').trim();
  if (!text || text.length > maxMessageChars)
    return data({ error: 'empty' as const, text, formState: null }, { status: 400 });
  const allowed = await chatTurnAllowed(ctx, context.clientAddress);
  if (!allowed.ok)
    return data(
      { error: 'rateLimited' as const, text, formState: null },
      { status: 429, headers: { 'Retry-After': String(allowed.retryAfterSeconds) } },
    );
  // A conversation ended after repeated abuse takes no further message.
  if (!conversationEnded(ctx.conversation.messages as UIMessage[])) await answer(ctx, text);
  return redirect(`${withBase(ctx.variant, '/chatbot')}#latest`, { headers });
}

/** One turn, as in the pane (the same engine, tools and intent log), read to its end and stored. */
async function answer(ctx: Awaited<ReturnType<typeof chatContext>>, text: string) {
  // The answer is stored with the conversation; the page shows it after the redirect.
  const turn = playTurn(
    {
      db: ctx.db,
      session: ctx.session,
      variant: ctx.variant,
      language: ctx.language,
      text,
      conversation: ctx.conversation,
      settings: assistantSettings(),
    },
    () => {},
  );
  await turn.played;
  await turn.done;
}

export default function Chatbot() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { variant, locale } = useRootData()!;
  const { t } = useTranslation('assistant');
  return (
    <div className="container page chatbot-page">
      <h1>{t('chatbot.title')}</h1>
      <p className="lead">{t('chatbot.lead')}</p>
      <div className="chat-log" role="log" aria-live="polite" aria-label={t('log')}>
        <ChatFormStateContext.Provider value={actionData?.formState ?? null}>
          <Conversation
            messages={d.messages as unknown as UIMessage[]}
            greeting={d.greeting}
            signedIn={d.signedIn !== null}
            variant={variant}
            locale={locale}
          />
        </ChatFormStateContext.Provider>
        {d.topicResult ? <ToolResultView result={d.topicResult} variant={variant} locale={locale} /> : null}
        <span id="latest" />
      </div>
      {endedInView(d.messages as unknown as UIMessage[]) ? (
        <p className="card" data-testid="chat-ended">
          {t('abuse.endedNote')}
        </p>
      ) : (
        <Form method="post" className="card chat-form">
          {actionData?.error ? (
            <p className="error-message" role="alert" id="chatbot-error">
              {t(actionData.error === 'rateLimited' ? 'rateLimited' : 'chatbot.empty')}
            </p>
          ) : null}
          <label htmlFor="chatbot-text">{t('inputLabel')}</label>
          <textarea
            id="chatbot-text"
            name="text"
            rows={3}
            maxLength={1000}
            required
            // What was typed stays when the message is refused (too long, or too many in a short time).
            defaultValue={actionData?.text ?? ''}
            aria-invalid={actionData?.error ? true : undefined}
            aria-describedby={actionData?.error ? 'chatbot-error' : undefined}
          />
          <SubmitButton>{t('send')}</SubmitButton>
        </Form>
      )}
    </div>
  );
}
