/**
 * What the assistant's tools answer: plain data, the same whichever engine called the tool. The
 * chat pane and the no-JavaScript page render each kind as a component (app/components/assistant);
 * the language model reads them as JSON. Paths are without the variant's base path; money is in
 * minor units with its currency; dates are ISO. Nothing here is text for the debtor: the
 * components word it in the page's language.
 *
 * Types only: imported by browser code too.
 */
import type { ActionRefusalReason } from '../../actions/reasons.ts';
import type { ClaimBreakdown, InterestBasis } from '../../claims/information.ts';
import type { ClaimSubject } from '../../claims/subjects.ts';
import type { IntentId } from '../../../intents/catalogue.ts';

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

/**
 * What the file itself offers, brought up where it matters (intents.md): each with the figures of
 * the server code the screens use and the screen that takes it. Money in the file's currency.
 */
export type FileOffer =
  | { kind: 'settlement'; currency: string; amountMinor: number; validTill: string; settlesMinor: number; href: string }
  | { kind: 'downPayment'; currency: string; amountMinor: number; dueOn: string | null; href: string }
  | { kind: 'deposit'; currency: string; amountMinor: number; href: string }
  | { kind: 'directDebit'; currency: string; amountMinor: number; dueOn: string; href: string }
  /** A deferral already granted; `covers`: whether the day the debtor asked for lies within it (null: none asked). */
  | { kind: 'deferral'; payBy: string; covers: boolean | null; href: string }
  | { kind: 'documents'; count: number; href: string }
  | { kind: 'otherFiles'; currency: string; count: number; totalMinor: number; href: string };

/** Relief a file in hardship may have, from the same rules as the checkout (with figures). */
export type Relief =
  | { kind: 'deferral'; payBy: string; feeMinor: number; currency: string; href: string }
  | { kind: 'lowerInstalment'; currency: string; minMonthlyMinor: number; regularMinMinor: number; href: string }
  | { kind: 'skip'; currency: string; dueOn: string; amountMinor: number; href: string };

export type FormKind = 'callback' | 'message' | 'feedback' | 'announce';

export type ToolResult =
  | {
      kind: 'balance';
      currency: string;
      openAmountMinor: number;
      asOf: string;
      creditor: string;
      /** Main claim, interest, costs, payments: only for a fully signed-in debtor (the claim details need the password). */
      breakdown: ClaimBreakdown | null;
      dueNow: { kind: string; amountMinor: number } | null;
      nextInstalment: { dueOn: string; amountMinor: number } | null;
      href: string;
      /** Reference-only session: the breakdown needs the password first. */
      breakdownNeedsPassword: boolean;
      alternatives: Alternative[];
      offers?: FileOffer[];
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
  | { kind: 'link'; intent: IntentId; href: string; slots: Record<string, string | number>; offers?: FileOffer[] }
  | {
      kind: 'refused';
      intent: IntentId;
      reason: RefusalReason;
      /** Figures and dates the reason names (a pay-by date, a deposit, a limit), formatted by the component. */
      params: { date?: string; amountMinor?: number; currency?: string };
      alternatives: Alternative[];
      offers?: FileOffer[];
    }
  | {
      /** A question about what the file already has, answered yes (a deferral that reaches the day asked for). */
      kind: 'offers';
      intent: IntentId;
      offers: FileOffer[];
      alternatives: Alternative[];
    }
  | {
      /** What is owed and why, in sentences from the claim information (explain_costs). */
      kind: 'explain';
      intent: IntentId;
      currency: string;
      /** The variant's country: the legal bases and the statutory interest are worded for it. */
      country: string;
      reference: string;
      creditor: string;
      subject: ClaimSubject;
      totalMinor: number;
      mainClaimMinor: number;
      interestMinor: number;
      costsMinor: number;
      paymentsMinor: number;
      invoices: Array<{
        number: string;
        date: string;
        amountMinor: number;
        description: string;
        descriptions: Record<string, string>;
      }>;
      interest: { rateBp: number | null; basis: InterestBasis; fromDate: string | null };
      /** Each cost with its legal basis as the file has it (a code worded per language, or the agency's text). */
      costs: Array<{ kind: string; amountMinor: number; legalBasis: string }>;
      /** The part of the costs no line itemises, said as such. */
      unitemisedCostsMinor: number;
      /** Payments booked (turnover "payment"), newest first. */
      payments: Array<{ bookedOn: string; amountMinor: number }>;
      href: string;
      offers: FileOffer[];
    }
  | {
      /** Who writes and why, and how to check it is genuine (who_we_are). */
      kind: 'whoWeAre';
      intent: IntentId;
      brand: string;
      legalName: string;
      legalAddress: string;
      register: string;
      /** The debtor's own file, when signed in. */
      file: { reference: string; creditor: string; originalCreditor: string | null; subject: ClaimSubject } | null;
      phone: string;
      href: string;
    }
  | {
      /** Hardship: acknowledged, the relief the file allows, the hardship page and a person (never a question). */
      kind: 'hardship';
      intent: IntentId;
      relief: Relief[];
      offers: FileOffer[];
      href: string;
      callbackHref: string;
    }
  | {
      /** Abuse: a calm answer that offers a person; `ended` once it was repeated (the conversation ends). */
      kind: 'abuse';
      intent: IntentId;
      strike: number;
      ended: boolean;
      callbackHref: string;
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
