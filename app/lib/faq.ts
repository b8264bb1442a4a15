/** The FAQ's structure; the words live in locales/<lang>/faq.json. */
export const faqGroups = {
  about: ['whyContacted', 'isThisGenuine', 'whoIsCreditor', 'whyCosts'],
  paying: ['howToPay', 'cannotPayAll', 'hardship', 'payLater', 'alreadyPaid', 'bookingTime'],
  consequences: ['ifNotPay', 'creditAgency', 'court', 'insolvency'],
  disputes: ['notMyDebt', 'identityTheft', 'goodsProblem'],
  // No entry on the chat assistant until its pane is in the portal: the FAQ promises only what is built.
  portal: ['referenceOnly', 'forgotPassword', 'personalData'],
} as const;

/** FAQ entries that lead on to a page of the portal (the link's text is `items.<key>.link`). */
export const faqLinks: Partial<Record<string, string>> = { hardship: '/service/hardship' };
