/** The slot values the assistant can take from a message (intents.md, "Deep links and slots"). */
export type SlotLang = 'de' | 'en' | 'es' | 'fr' | 'it' | 'tr' | 'sv';
export type PaymentMethodSlot = 'instant' | 'wallet' | 'sepa' | 'cash' | 'card' | 'transfer';
export type TimeOfDay = 'morning' | 'noon' | 'afternoon' | 'evening';
export type WeekdaySlot = 'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday';

export interface Slots {
  /** An amount in the variant's currency, major units ("200" → 200, "199,90" → 199.9). */
  amount?: number;
  /** The monthly instalment the debtor proposes. */
  rate?: number;
  /** First instalment date, ISO. */
  firstDate?: string;
  /** Pay-later date or the date of a payment already made, ISO. */
  date?: string;
  method?: PaymentMethodSlot;
  /** Callback day (Monday to Saturday) and time of day. */
  day?: WeekdaySlot;
  time?: TimeOfDay;
  /** The day the goods were sent back, ISO. */
  dateGoodsReturn?: string;
  /** Feedback stars, 1–5. */
  rating?: number;
}
