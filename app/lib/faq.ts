/** The FAQ's structure; the words live in locales/<lang>/faq.json. */
export const faqGroups = {
  about: ['whyContacted', 'isThisGenuine', 'whoIsCreditor', 'whyCosts'],
  paying: ['howToPay', 'cannotPayAll', 'payLater', 'alreadyPaid', 'bookingTime'],
  consequences: ['ifNotPay', 'creditAgency', 'court', 'insolvency'],
  disputes: ['notMyDebt', 'identityTheft', 'goodsProblem'],
  // No entry on the chat assistant until its pane is in the portal: the FAQ promises only what is built.
  portal: ['referenceOnly', 'forgotPassword', 'personalData'],
} as const;
