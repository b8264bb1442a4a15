import { type FormMetadata, getFormProps } from '@conform-to/react';
import { Form } from '@remix-run/react';
import type { ReactNode } from 'react';
import { ErrorSummary, type SummaryError } from '~/components/ui/ErrorSummary';
import type { useSubmissionRounds } from '~/lib/use-submission';

/**
 * A page's conform form with its error summary above it: the summary appears and takes focus after
 * a submit (`rounds`, see useSubmissionRounds), each entry a link to its field. The form posts to
 * the route's action; `encType` for forms that carry files. `noValidate` turns the browser's own
 * checks off before the scripts run too (conform does so once they have).
 */
export function CheckedForm<Schema extends Record<string, unknown>>({
  form,
  rounds,
  errors,
  encType,
  noValidate,
  className = 'card form-wide',
  children,
}: {
  form: FormMetadata<Schema, string[]>;
  rounds: ReturnType<typeof useSubmissionRounds>;
  errors: SummaryError[];
  encType?: 'multipart/form-data';
  noValidate?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <>
      <ErrorSummary errors={errors} round={rounds.round} />
      <Form
        method="post"
        encType={encType}
        {...getFormProps(form)}
        {...(noValidate ? { noValidate } : {})}
        onSubmitCapture={rounds.onSubmitCapture}
        className={className}
      >
        {children}
      </Form>
    </>
  );
}
