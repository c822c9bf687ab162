/**
 * Texts of My Trading Plan (investing.md 2 "My Trading Plan", 4 "Trading plan flow", 8, 9). Quoted texts are the
 * spec's, word for word; the rest (labels, the summary sentences, the FAQ, result messages) are chosen.
 */
export const planText = {
  title: 'My Trading Plan',
  planName: (rupees: string) => `Rs ${rupees} plan`,
  loading: 'Loading your plan…',
  retry: 'Retry',
  /** Step 0. */
  current: {
    heading: 'Current Plan Details',
    noPlan: 'You have not subscribed to any plan.',
    brokerageHeading: 'Brokerage under your plan',
    equity: 'Equity',
    fno: 'F&O',
    currency: 'Currency',
    perOrder: (rupees: string) => `Rs ${rupees} per executed order`,
    standard: 'Standard brokerage',
    plan: 'Plan',
    planAmount: 'Plan amount',
    startDate: 'Plan start date',
    endDate: 'Plan end date',
    renewDate: 'Next renewal date',
    autoRenewal: 'Auto renewal',
    yes: 'Yes',
    no: 'No',
    subscribe: 'SUBSCRIBE',
    changePlan: 'CHANGE PLAN',
    unsubscribe: 'UNSUBSCRIBE',
    notEligible: 'A trading plan needs an equity trading account.',
  },
  /** Step 2. */
  chooser: {
    title: 'Rs 500 Best Value Subscription Plan',
    benefits: ['Unlimited trading', 'Zero brokerage', 'Zero commitment'],
    saving: 'Save about 71% against Rs 1760 per month of brokerage.',
    optIn: 'I want to Opt for subscription plan',
    equityPlan: 'Equity plan',
    fnoPlan: 'F&O plan',
    perMonth: (rupees: string) => `Rs ${rupees} per month`,
    popular: 'Most popular',
    fundingLimit: (rupees: string) => `Margin funding limit Rs ${rupees}`,
    intradayExposure: (factor: string) => `Intraday exposure up to ${factor}x`,
    gstExtra: (percent: string) => `GST of ${percent}% applies on the plan amount.`,
    autoRenew: 'Auto renew',
    autoRenewOn: 'Yes',
    autoRenewOff: 'No',
    autoRenewInfoLabel: 'About auto renewal',
    autoRenewInfoTitle: 'Auto renewal',
    autoRenewInfo:
      'With auto renewal on, your plan renews every 30 days at the end of its period: the plan amount with GST is taken from your available funds. You can switch it off at any time.',
    terms: 'Terms and conditions',
    termsText: 'I agree to the',
    faqHeading: 'Frequently asked questions',
    faq: [
      {
        question: 'How long is a plan valid?',
        answer:
          'A plan is valid for a calendar month: from the day you subscribe to the day before the same date next month.',
      },
      {
        question: 'How is the plan paid?',
        answer: 'The plan amount with GST is debited from your ledger balance when you subscribe and at each renewal.',
      },
      {
        question: 'What brokerage do I pay under the plan?',
        answer:
          'Rs 0.01 per executed order in equity and currency with the equity plan, and in F&O with the F&O plan. Without the F&O plan, F&O orders cost at most Rs 15 per executed order.',
      },
      {
        question: 'Can I change or leave my plan?',
        answer:
          'A higher plan applies at once; a lower plan applies when the current one ends. You can unsubscribe now or on expiry; the amount paid is not refunded.',
      },
    ],
    confirm: 'Confirm',
    cancel: 'Cancel',
  },
  /** Step 3. */
  review: {
    title: 'Total Charges',
    gst: (percent: string) => `GST (${percent}%)`,
    total: 'Total Amount',
    autoRenew: 'Auto renewal',
    back: 'Back',
    confirm: 'Review & confirm',
    noChanges: 'You have made no changes in the plan',
    payNothing: 'Nothing is charged now.',
  },
  /** The review's summary sentence parts (investing.md 4: it depends on what is subscribed, unsubscribed or modified). */
  summary: {
    subscribe: (plan: string) => `subscribe to the ${plan}`,
    unsubscribe: (plan: string) => `unsubscribe from the ${plan}`,
    modify: (plan: string) => `modify the ${plan}`,
    sentence: (parts: string[]) => `You have chosen to ${parts.join(' and ')}.`,
    equity: 'Equity plan',
    fno: 'F&O plan',
  },
  /** Step 4. */
  unsubscribe: {
    title: 'Unsubscribe',
    question: 'Do you want to unsubscribe from your plan?',
    now: 'Unsubscribe Now',
    onExpiry: 'Unsubscribe On Expiry',
    nowNote: 'Unsubscribe Now ends the plan today; the amount paid is not refunded.',
    expiryNote: 'Unsubscribe On Expiry keeps the plan until its end date and does not renew it.',
    back: 'BACK',
  },
  /** Step 5. */
  manualRenewal: {
    title: 'Auto renewal is off',
    warning:
      'Without auto renewal you must renew the plan manually before it ends. If you renew late, you move back to the original plan until you subscribe again.',
    back: 'BACK',
    confirm: 'Confirm',
  },
  /** Steps 6 and 7. */
  result: {
    success: 'CONFIRMATION',
    failure: 'REQUEST FAILED!',
    ok: 'OK',
  },
  /** Step 8. */
  downgrade: {
    title: 'REVIEW & CONFIRM',
    note: 'The lower margin funding limit applies only after the existing plan ends.',
    from: 'Current plan',
    to: 'New plan from expiry',
    back: 'BACK',
    changeOnExpiry: 'Change On Expiry',
  },
  /** The upgrade view (investing.md 4: a higher equity amount). */
  upgrade: {
    title: 'Upgrade plan',
    note: 'The higher plan applies at once, for the rest of the current period; you pay the difference in plan amount with GST now.',
    back: 'BACK',
    proceed: 'Proceed',
  },
  /** Step 11. */
  fnoOptOut: {
    title: 'Opt out of the F&O plan',
    note: 'F&O charges become 15 rupees per executed order.',
    back: 'BACK',
    confirm: 'Confirm',
  },
  /** SubscriptionReq answers (result S or F). */
  answers: {
    subscribed: 'Your subscription request has been processed successfully.',
    noChange: 'You have made no changes in the plan',
    noEquityPlanDetail: 'You have not subscribed to the equity plan.',
    noFnoPlanDetail: 'You have not subscribed to the F&O plan.',
    insufficientFunds: (needed: string, available: string) =>
      `Insufficient funds: Rs ${needed} is needed and Rs ${available} is available. Please add funds and try again.`,
    noEquityAccount: 'A trading plan needs an equity trading account.',
    noFnoPermission: 'The F&O plan needs the F&O segment on your account.',
    noCurrentPlan: 'You have no plan of this type to change.',
    notHigher: 'The chosen plan is not higher than your current plan.',
    notLower: 'The chosen plan is not lower than your current plan.',
    notSameAmount: 'A different plan amount is an upgrade or a downgrade.',
    notCurrentPlan: 'The plan named is not your current plan.',
    ledgerNarration: (plan: string) => `Trading plan ${plan} with GST`,
    renewalNarration: (plan: string) => `Trading plan ${plan} renewal with GST`,
    endsOn: (date: string) => `Your plan ends on ${date} and will not be renewed.`,
    changesOn: (plan: string, date: string) => `Your plan changes to ${plan} from ${date}.`,
    renewsOn: (date: string) => `Your plan renews on ${date}.`,
    renewManually: (date: string) => `Auto renewal is off: renew your plan by ${date}.`,
  },
  errorHeading: 'Error',
} as const;
