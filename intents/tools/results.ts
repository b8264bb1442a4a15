/**
 * What the assistant's tools answer: plain data, the same whichever engine called the tool. The
 * chat pane and the no-JavaScript page render each kind as a component (app/components/assistant);
 * the language model reads them as JSON. Paths are without the variant's base path; money is in
 * minor units with its currency; dates are ISO. Nothing here is text for the debtor: the
 * components word it in the page's language.
 *
 * Types only: imported by browser code too.
 */
import type { ActionRefusalReason } from '../../server/actions/reasons.ts';
import type { IntentId } from '../catalogue.ts';

export interface Alternative {
  intent: IntentId;
  /** Deep link without the base path, or null when the intent is answered in the chat. */
  href: string | null;
}

/**
 * Why an action is not open to this file: the action layer's reasons (server/actions/reasons.ts,
 * asked through `checkAction`), and the tools' own where the answer is the tool's (a monthly
 * amount the plan calculator refuses, no plan to show). Each is `assistant:refused.<reason>`.
 */
export type ToolRefusalReason = 'rateTooLow' | 'rateTooHigh' | 'noPlan';
export type RefusalReason = ToolRefusalReason | ActionRefusalReason;

export type FormKind = 'callback' | 'message' | 'feedback' | 'announce';

export type ToolResult =
  | {
      kind: 'balance';
      currency: string;
      openAmountMinor: number;
      asOf: string;
      creditor: string;
      /** Main claim, interest, costs, payments: only for a fully signed-in debtor (the claim details need the password). */
      breakdown: {
        mainClaimMinor: number;
        interestMinor: number;
        costsMinor: number;
        paymentsMinor: number;
        totalMinor: number;
      } | null;
      dueNow: { kind: string; amountMinor: number } | null;
      nextInstalment: { dueOn: string; amountMinor: number } | null;
      href: string;
      /** Reference-only session: the breakdown needs the password first. */
      breakdownNeedsPassword: boolean;
      alternatives: Alternative[];
    }
  | {
      kind: 'proposal';
      currency: string;
      rateMinor: number;
      count: number;
      feeMinor: number;
      totalMinor: number;
      firstDueOn: string;
      lastDueOn: string;
      lastMinor: number;
      proofRequired: boolean;
      /** The instalment step of the checkout with the slots filled in. */
      href: string;
    }
  | {
      kind: 'plan';
      currency: string;
      next: { dueOn: string; amountMinor: number } | null;
      remainingMinor: number;
      monthlyMinor: number;
      instalmentCount: number;
      href: string;
    }
  | { kind: 'link'; intent: IntentId; href: string; slots: Record<string, string | number> }
  | {
      kind: 'refused';
      intent: IntentId;
      reason: RefusalReason;
      /** Figures and dates the reason names (a pay-by date, a deposit, a limit), formatted by the component. */
      params: { date?: string; amountMinor?: number; currency?: string };
      alternatives: Alternative[];
    }
  | { kind: 'stepUp'; intent: IntentId; returnTo: string }
  | { kind: 'signIn'; intent: IntentId; returnTo: string }
  | { kind: 'clarify'; alternatives: Alternative[] }
  | {
      kind: 'form';
      form: FormKind;
      intent: IntentId;
      /** The classic screen's action the form posts to (the same validation and messages). */
      action: string;
      prefill: Record<string, string>;
      /** Choices the form offers (callback days and times of day, message subjects, the payees' names). */
      choices?: {
        weekdays?: number[];
        timesOfDay?: string[];
        subjects?: number[];
        payees?: Array<{ value: string; name: string }>;
        currency?: string;
      };
      href: string;
    }
  | {
      /**
       * "ok" to the last proposal or offer (the dialogue layer, decision 070): the screen or form for
       * exactly that plan, which the pane opens. Nothing is arranged by this: the debtor confirms it
       * there. `plan` repeats the proposal's figures when the offer was a plan.
       */
      kind: 'carryOut';
      intent: IntentId;
      href: string;
      plan: { currency: string; rateMinor: number; count: number; firstDueOn: string } | null;
      slots: Record<string, string | number>;
    }
  | {
      /** "no" to the last proposal or offer: withdrawn, and what else fits. */
      kind: 'withdrawn';
      intent: IntentId;
      alternatives: Alternative[];
    }
  | {
      /** Abuse again after a calm answer: the conversation ends politely, a person is offered. */
      kind: 'ended';
    }
  | {
      kind: 'answer';
      intent: IntentId;
      topic:
        | 'consequences'
        | 'privacy'
        | 'human'
        | 'greeting'
        | 'goodbye'
        | 'outOfScope'
        | 'logout'
        | 'notice'
        | 'hardship'
        | 'whoWeAre'
        | 'abuse'
        | 'nothingPending';
      href: string | null;
      alternatives: Alternative[];
    };

export type ToolResultKind = ToolResult['kind'];
