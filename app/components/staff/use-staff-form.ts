import type { SubmissionResult } from '@conform-to/react';
import { useTranslation } from 'react-i18next';
import { useSubmissionRounds } from '~/lib/use-submission';
import { useZodForm } from '~/lib/use-zod-form';

/** What a staff form's action answers: conform's reply and, after a lock-out, the minutes to wait. */
interface StaffReply {
  result?: SubmissionResult<string[]> | null;
  retryMinutes?: number;
}

/**
 * A staff page's form: conform bound to the schema and the action's last reply, the submit rounds
 * for the error summary, and `message`, which words an error key from the staff texts (a lock-out
 * names its minutes).
 */
export function useStaffForm<Input extends Record<string, unknown>, Output>(
  reply: StaffReply | undefined,
  options: Omit<Parameters<typeof useZodForm<Input, Output>>[0], 'lastResult'>,
) {
  const { t } = useTranslation('staff');
  const rounds = useSubmissionRounds(reply);
  const [form, fields] = useZodForm<Input, Output>({ ...options, lastResult: reply?.result });
  const message = (keys: string[] | null | undefined) =>
    keys?.[0] ? t(keys[0], { minutes: reply?.retryMinutes ?? 15 }) : undefined;
  return { t, rounds, form, fields, message };
}
