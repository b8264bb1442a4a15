/**
 * What the no-JavaScript page's last form post answered (a field error of the step-up or an inline
 * form), for the card that posted it: the latest answer's card shows it at its field.
 */
import { createContext, useContext } from 'react';

export interface ChatFormState {
  /** Which form answered: `stepUp`, or an inline form's kind. */
  form: string;
  /** Field name → message key (`assistant` namespace or the form's own). */
  fieldErrors: Record<string, string>;
  /** Figures the message names (the minutes of a lock). */
  values?: Record<string, string | number>;
  /** What was typed (never a password), to keep in the fields. */
  typed?: Record<string, string>;
  done?: boolean;
}

export const ChatFormStateContext = createContext<ChatFormState | null>(null);

export function useChatFormState(form: string): ChatFormState | null {
  const state = useContext(ChatFormStateContext);
  return state?.form === form ? state : null;
}
