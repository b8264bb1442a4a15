/** The FAQ's structure; the words live in locales/<lang>/faq.json. */
export const faqGroups = {
  about: ['whyContacted', 'isThisGenuine', 'whoIsCreditor', 'whyCosts'],
  paying: ['howToPay', 'cannotPayAll', 'payLater', 'alreadyPaid', 'bookingTime'],
  consequences: ['ifNotPay', 'creditAgency', 'court', 'insolvency'],
  disputes: ['notMyDebt', 'identityTheft', 'goodsProblem'],
  portal: ['referenceOnly', 'forgotPassword', 'personalData', 'assistant'],
} as const;
