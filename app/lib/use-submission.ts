import { useState, type FormEvent } from 'react';

/**
 * Counts submit attempts (caught before client validation) and server replies, so that the
 * error summary appears and takes focus only after the debtor sends the form — never while
 * they type — and so that one-time widgets (the captcha) start afresh after each reply.
 */
export function useSubmissionRounds(actionData: unknown) {
  const [attempts, setAttempts] = useState(0);
  const [replies, setReplies] = useState(actionData ? 1 : 0);
  // Each new server reply counts once (the first render's reply is counted above).
  const [lastReply, setLastReply] = useState(actionData);
  if (actionData !== lastReply) {
    setLastReply(actionData);
    if (actionData) setReplies((n) => n + 1);
  }
  return {
    /** Changes with every submit attempt and every server reply: the summary focuses then. */
    round: attempts + replies,
    /** Changes with every server reply: key for widgets that must start again. */
    replies,
    submitted: attempts + replies > 0,
    onSubmitCapture: (event: FormEvent<HTMLFormElement>) => {
      // conform checks fields by sending the form with an intent button; that is no attempt.
      const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
      if (submitter?.name === '__intent__') return;
      setAttempts((n) => n + 1);
    },
  };
}
