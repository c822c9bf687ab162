/**
 * Texts of the information pages, notifications and the SEP / OFS mock-ups (investing.md 2, 7, 8, 9). The spec quotes
 * the notification tabs and alert dialog, 'Alert expires in 30 days', the SEP labels ('START SEP', 'Minimum Amount
 * (500.00)', 'CONFIRM ORDER') and the OFS tabs; everything else here is chosen. Customer care numbers and e-mail are
 * the spec's {phone} and {email}: they come from /App/Config's customerCare.
 */
export const informationText = {
  common: {
    loading: 'Loading…',
    refresh: 'Refresh',
    exportCsv: 'Export CSV',
    istNote: 'All times are IST.',
  },

  about: {
    title: 'About Us',
    lead: 'Kite India is a retail stock broker: one account to trade and invest on NSE, BSE, MCX and NCDEX, with a demat account at CDSL and NSDL.',
    sections: [
      {
        heading: 'What we offer',
        body: 'Equity delivery and intraday, futures and options, currency and commodity derivatives, IPO applications through UPI, pledge of holdings for margin, and a monthly brokerage plan.',
      },
      {
        heading: 'How we work',
        body: 'Orders go straight to the exchanges from this terminal. Funds and securities are settled through the clearing corporations and the depositories; your holdings stay in your own demat account.',
      },
      {
        heading: 'Memberships',
        body: 'Trading member of NSE, BSE, MCX and NCDEX; depository participant of CDSL and NSDL; registered with the Securities and Exchange Board of India (SEBI).',
      },
    ],
  },

  contact: {
    title: 'Contact Us',
    careHeading: 'Customer care',
    phones: 'Phone',
    email: 'E-mail',
    hours: 'Monday to Friday, 9:00 am to 6:00 pm, except trading holidays.',
    officeHeading: 'Registered office',
    office: ['Kite India Broking Ltd.', '4th Floor, Exchange Plaza Annexe, Bandra Kurla Complex', 'Mumbai 400 051'],
    grievanceHeading: 'Grievances',
    grievance:
      'If your complaint is not resolved within 30 days, you may escalate it to the exchange or lodge it on SEBI SCORES (see Important Links).',
    unavailable: 'Customer care details could not be loaded.',
  },

  terms: {
    title: 'Terms and Conditions',
    sections: [
      {
        heading: 'Use of the platform',
        body: 'The terminal is for the account holder alone. Keep your password and TPIN secret; every order placed after your login is taken as yours.',
      },
      {
        heading: 'Orders and execution',
        body: 'Orders are sent to the exchange as entered and are subject to its rules, price bands and trading hours. An order accepted by the broker is not yet executed: check its status in the order book.',
      },
      {
        heading: 'Margins and charges',
        body: 'Margin is blocked when an order is placed and charges are levied as per the tariff and your brokerage plan. A shortfall may lead to positions being squared off without further notice.',
      },
      {
        heading: 'Market data',
        body: 'Prices, news and research are for information only and may be delayed. They are not advice to buy or sell.',
      },
      {
        heading: 'Risk',
        body: 'Investments in securities markets are subject to market risks; read all the related documents carefully before investing.',
      },
    ],
  },

  faq: {
    title: 'FAQ',
    items: [
      {
        question: 'What are the trading hours?',
        answer:
          'Equity: 9:15 am to 3:30 pm and F&O: 9:15 am to 3:40 pm, each with a pre-open session from 9:00 am. Currency: 9:00 am to 5:00 pm. Commodity (MCX): 9:00 am to 11:30 pm or 11:55 pm. See Market Status and Timings for today.',
      },
      {
        question: 'How do I add funds?',
        answer:
          'Open Fund Transfer from the header or the user menu and choose a pay-in option. Funds reach your trading account once the bank confirms the payment.',
      },
      {
        question: 'Why was my order rejected?',
        answer:
          'The order book shows the reason: commonly a price outside the day’s band, insufficient margin, or a segment you have not subscribed to.',
      },
      {
        question: 'How do I apply for an IPO?',
        answer:
          'Go to Products, IPO, choose an ongoing issue and press BID. Approve the UPI mandate in your UPI app to block the funds.',
      },
      {
        question: 'Where do I see my past logins?',
        answer:
          'Info, Login Alert lists your recent logins with the time, IP address and device. Contact customer care at once if you see one that was not you.',
      },
    ],
  },

  importantLinks: {
    title: 'Important Links',
    caption: 'Websites of the exchanges, depositories and the regulator',
    opensOutside: 'opens in a new tab',
    empty: 'No links to show.',
    /** The curated list the server answers (chosen: the spec names the call only). */
    list: [
      {
        group: 'Exchanges',
        name: 'National Stock Exchange (NSE)',
        description: 'Circulars, bhav copies, market data',
        url: 'https://www.nseindia.com/',
      },
      {
        group: 'Exchanges',
        name: 'BSE',
        description: 'Notices, corporate announcements, market data',
        url: 'https://www.bseindia.com/',
      },
      {
        group: 'Exchanges',
        name: 'Multi Commodity Exchange (MCX)',
        description: 'Commodity contracts and circulars',
        url: 'https://www.mcxindia.com/',
      },
      {
        group: 'Depositories',
        name: 'CDSL',
        description: 'Central Depository Services: easi, e-voting, e-DIS',
        url: 'https://www.cdslindia.com/',
      },
      {
        group: 'Depositories',
        name: 'NSDL',
        description: 'National Securities Depository: IDeAS, e-voting',
        url: 'https://nsdl.co.in/',
      },
      {
        group: 'Regulator',
        name: 'SEBI',
        description: 'Securities and Exchange Board of India',
        url: 'https://www.sebi.gov.in/',
      },
      {
        group: 'Investor grievances',
        name: 'SEBI SCORES',
        description: 'Lodge and track a complaint against a broker or company',
        url: 'https://scores.sebi.gov.in/',
      },
      {
        group: 'Investor grievances',
        name: 'SMART ODR',
        description: 'Online dispute resolution for the securities market',
        url: 'https://smartodr.in/',
      },
    ],
  },

  exchangeMessages: {
    title: 'Exchange Messages',
    caption: 'Notices from the exchanges and depositories, newest first',
    empty: 'There are no exchange messages.',
    all: 'All',
    filterLabel: 'Exchange',
    columns: { postedAt: 'Date & time', exchange: 'Exchange', category: 'Category', subject: 'Subject' },
  },

  loginAlert: {
    title: 'Login Alert',
    caption: 'Your recent logins',
    intro:
      'Your most recent logins to this account. If you see one that was not you, change your password and call customer care.',
    empty: 'No logins recorded yet.',
    current: 'This session',
    methods: { PASSWORD: 'Password', OTP: 'Password + OTP' },
    device: (browser: string, os: string) => `${browser} on ${os}`,
    unknownDevice: 'Unknown device',
    unknownIp: 'Not recorded',
    columns: { loginTime: 'Date & time', ip: 'IP address', device: 'Device', method: 'Login with', current: '' },
  },

  corporateAction: {
    title: 'Corporate Action Report',
    caption: 'Corporate actions with their ex-dates and record dates',
    empty: 'There are no corporate actions.',
    upcoming: 'Upcoming',
    past: 'Past',
    typeLabel: 'Type',
    allTypes: 'All',
    types: { DIVIDEND: 'Dividend', SPLIT: 'Split', BONUS: 'Bonus', RIGHTS: 'Rights', BUYBACK: 'Buyback' },
    columns: {
      symbol: 'Symbol',
      company: 'Company',
      exchange: 'Exchange',
      type: 'Type',
      purpose: 'Purpose',
      exDate: 'Ex-date',
      recordDate: 'Record date',
    },
  },

  bhavCopy: {
    title: 'Bhav Copy',
    caption: (exchange: string) => `${exchange} equity bhav copy`,
    exchangeLabel: 'Exchange',
    asOf: (date: string, time: string) => `Session of ${date}, as of ${time} IST.`,
    traded: (traded: number, all: number) => `${traded} of ${all} instruments traded.`,
    final: 'Final: the market is closed.',
    provisional: 'Provisional: the market is open and the figures change with every trade.',
    empty: 'No instruments to show.',
    search: 'Filter by symbol',
    tradedOnly: 'Traded only',
    untraded: '-',
    fileName: (exchange: string, date: string) => `bhavcopy-${exchange}-${date}`,
    columns: {
      symbol: 'Symbol',
      isin: 'ISIN',
      open: 'Open',
      high: 'High',
      low: 'Low',
      last: 'Close / Last',
      previousClose: 'Prev. close',
      volume: 'Volume',
      turnover: 'Turnover (₹)',
      trades: 'Trades',
    },
    notTradingDay: (exchange: string) =>
      `${exchange} has not opened for trading today: the bhav copy is made from the day's session.`,
  },

  notifications: {
    title: 'Notifications',
    tabs: { order: 'Order', alerts: 'Alerts', news: 'News', ideas: 'Ideas' },
    refresh: 'Refresh',
    setAlert: 'SET AN ALERT',
    caption: 'Order and trade notifications of today',
    empty: 'No order or trade notifications today.',
    alertsPlaceholder: 'Price alerts you set will appear here.',
    newsPlaceholder: 'News alerts will appear here.',
    ideasPlaceholder: 'Research idea alerts will appear here.',
    columns: { time: 'Time', message: 'Notification' },
    kinds: { ORDER: 'Order', TRADE: 'Trade' },
    /** The alertMessage of /Alerts/GetOrderAndTradeAlerts: an order's state change, or a trade. */
    alert: {
      order: (orderNo: string, what: string, detail: string) => `Order ${orderNo} ${what}: ${detail}`,
      detail: (side: string, quantity: string, symbol: string, exchange: string, price: string | null) =>
        `${side} ${quantity} ${symbol} (${exchange}) ${price === null ? 'at market' : `at ${price}`}`,
      actions: {
        NEW: 'placed',
        ACCEPTED: 'accepted by the exchange',
        MODIFIED: 'modified',
        CANCEL: 'cancelled',
        CANCELLED: 'cancelled',
        EXPIRED: 'expired',
        REJECTED: 'rejected',
        TRIGGERED: 'triggered',
      } as Readonly<Record<string, string>>,
      otherAction: (status: string) => status.toLowerCase(),
      reason: (reason: string) => ` (${reason})`,
      trade: (
        side: 'BUY' | 'SELL',
        quantity: string,
        symbol: string,
        exchange: string,
        price: string,
        orderNo: string,
      ) =>
        `Trade: ${side === 'BUY' ? 'BOUGHT' : 'SOLD'} ${quantity} ${symbol} (${exchange}) at ${price}, order ${orderNo}`,
    },
  },

  /** investing.md 2 "Alerts and Notifications": the alert dialog; SAVE does nothing. */
  alertDialog: {
    title: 'SET AN ALERT',
    parameter: 'Parameter',
    parameters: ['NSE-CM', 'NSE-FNO', 'NSE-CDS', 'BSE'] as const,
    alertMe: 'ALERT ME',
    conditions: { gte: 'greater than or equal', lte: 'lesser than or equal' },
    value: 'Value',
    mode: 'Notification mode',
    modes: { SMS: 'SMS', EMAIL: 'Email', BOTH: 'Both' },
    note: 'Note',
    addNote: 'Add note',
    editNote: 'Edit note',
    deleteNote: 'Delete note',
    saveNote: 'Done',
    notePlaceholder: 'A note for yourself',
    expires: 'Alert expires in 30 days',
    save: 'SAVE',
    cancel: 'CANCEL',
  },

  /** investing.md 2 "SEP and OFS mock-ups", 9: no call is made. */
  sep: {
    title: 'Systematic Equity Plan',
    start: 'START SEP',
    intro: 'Buy a fixed amount of a stock at regular intervals. This is a preview: no order is sent.',
    scrip: 'Scrip',
    exchange: 'Exchange',
    frequency: 'Frequency',
    frequencies: { WEEKLY: 'WEEKLY', FORTNIGHTLY: 'FORTNIGHTLY', MONTHLY: 'MONTHLY' },
    amount: 'Amount',
    minimumAmount: 'Minimum Amount (500.00)',
    installments: 'Installments',
    startDate: 'Start date',
    endDate: 'End date',
    confirmOrder: 'CONFIRM ORDER',
    confirmTitle: 'Confirm SEP order',
    back: 'BACK',
    confirm: 'CONFIRM',
    successTitle: 'SEP registered',
    successText: 'Your SEP has been registered. The first installment is bought on the start date.',
    newSep: 'START ANOTHER SEP',
    registrations: 'Your SEPs',
    deleteSep: 'Delete',
    noRegistrations: 'No SEP registered in this preview.',
    nachHeading: 'NACH / ECS mandate',
    nachNotes: [
      'Installments are paid from your bank account through a NACH / ECS mandate registered once for all your SEPs.',
      'Download the mandate form, sign it as in your bank records and send it to our branch; registration takes about 10 working days.',
      'Until the mandate is registered, installments are paid from your trading account’s free funds.',
    ],
    downloadForm: 'Download NACH / ECS mandate form',
    mandateFileName: 'nach-ecs-mandate-form.html',
    /** The printable mandate form the download link gives. */
    mandateForm: {
      title: 'NACH / ECS Debit Mandate',
      fields: [
        'Client ID',
        'Account holder name',
        'Bank name and branch',
        'Bank account number',
        'IFSC / MICR code',
        'Maximum amount per debit (₹)',
        'Frequency: As and when presented',
        'Period: from / until cancelled',
        'Signature of account holder (as in bank records)',
        'Date',
      ],
      footer:
        'Send the signed form to your branch or to the registered office. Registration takes about 10 working days.',
    },
    helpdesk: (phone: string, email: string) => `Helpdesk: ${phone} or ${email}, Monday to Friday, 9:00 am to 6:00 pm.`,
    dialogs: {
      confirmTitle: 'Confirm',
      confirmText: 'Do you want to register this SEP?',
      successTitle: 'Success',
      successText: 'SEP registered successfully.',
      deleteTitle: 'Delete SEP',
      deleteText: 'Do you want to delete this SEP?',
      deleteSuccessTitle: 'Success',
      deleteSuccessText: 'SEP deleted successfully.',
      yes: 'YES',
      no: 'NO',
      ok: 'OK',
    },
    errors: {
      scrip: 'Please choose a scrip.',
      amount: 'Please enter an amount of at least 500.00.',
      amountFormat: 'Please enter an amount with at most 2 decimals.',
      amountNumber: 'Please enter the amount in rupees as a number, for example 1500.50.',
      amountMax: 'Please enter an amount of at most 99,99,999.00.',
      installments: 'Installments must be between 1 and 12.',
      startDate: 'The start date must be from tomorrow onwards.',
    },
    summary: {
      scrip: 'Scrip',
      exchange: 'Exchange',
      frequency: 'Frequency',
      amount: 'Amount per installment',
      installments: 'Installments',
      total: 'Total amount',
      startDate: 'Start date',
      endDate: 'End date',
    },
  },

  ofs: {
    title: 'Offer for Sale',
    intro: 'A preview of OFS bidding with sample offers: no bid is sent.',
    tabs: { active: 'Active OFS', forthcoming: 'Forthcoming OFS' },
    exchange: 'Exchange',
    caption: (tab: string, exchange: string) => `${tab} on ${exchange}`,
    empty: 'No offers.',
    buy: 'BUY',
    columns: {
      symbol: 'Symbol',
      company: 'Company',
      floorPrice: 'Floor price',
      retailDate: 'Retail day',
      nonRetailDate: 'Non-retail day',
      offerSize: 'Shares offered',
    },
    categories: { IS: 'IS', RS: 'RS' },
    categoryHints: {
      IS: 'Non-retail investors: bids of any size, at or above the floor price.',
      RS: 'Retail investors: bids up to ₹2,00,000, at or above the floor price.',
    },
    bidTitle: (symbol: string) => `OFS Bid - ${symbol}`,
    quantity: 'Quantity',
    price: 'Price',
    orderPrice: 'Order price',
    marginStyle: 'Margin style',
    marginStyles: ['NSE-CM', 'NSE-FNO', 'NSE-CDS', 'BSE'] as const,
    floorHint: (floor: string) => `Floor price ${floor}`,
    place: 'PLACE BID',
    cancel: 'CANCEL',
    placedTitle: 'Success',
    placedText: 'This is a preview: no bid was sent to the exchange.',
    errors: {
      quantity: 'Please enter a quantity of at least 1.',
      price: 'Please enter a price with at most 2 decimals.',
      belowFloor: (floor: string) => `The price must be at least the floor price ${floor}.`,
      tick: 'The price must be a multiple of 0.05.',
      retailCap: 'A retail bid may not exceed ₹2,00,000.',
    },
  },
  help: {
    title: 'Help',
    lead: 'Where to find answers, how to reach us, and the keyboard shortcuts of the terminal.',
    answersHeading: 'Find an answer',
    answers: [
      { label: 'FAQ', route: '/home/faq', body: 'Trading hours, adding funds, rejected orders, IPOs and logins.' },
      {
        label: 'Market Status and Timings',
        route: '/home/markettimings',
        body: 'Whether each exchange is open now and its session times.',
      },
      {
        label: 'Exchange Messages',
        route: '/home/exchangemessages',
        body: 'Notices from the exchanges that may affect your orders.',
      },
      { label: 'Important Links', route: '/home/importantlinks', body: 'The exchanges, depositories and SEBI SCORES.' },
    ],
    guide: 'User guide (PDF)',
    guideBody: 'The full help document, also under Info, Help.',
    opensOutside: 'opens in a new tab',
    reportsHeading: 'Statements and reports',
    reports: [
      { label: 'Ledger', route: '/home/ledger', body: 'Every debit and credit with the running balance.' },
      {
        label: 'Digital Contract Note',
        route: '/home/digitalcontractnote',
        body: "A day's trades with each charge, as CSV or PDF.",
      },
      {
        label: 'Back-office Report (Current FY)',
        route: '/home/backofficereportcurrent',
        body: 'Turnover, charges and P&L of the financial year.',
      },
      { label: 'Capital Gain (Year-wise)', route: '/home/report/capitalgain', body: 'Gains for your tax return.' },
    ],
    contactHeading: 'Contact us',
    contactBody: 'Customer care, the registered office and how to escalate a complaint.',
    contactLink: 'Contact Us',
    shortcutsHeading: 'Keyboard shortcuts',
    shortcutsCaption: 'Keyboard shortcuts',
    keyColumn: 'Key',
    actionColumn: 'What it does',
    shortcuts: [
      { keys: ['F1', '+'], action: 'New BUY order' },
      { keys: ['F2', '-'], action: 'New SELL order' },
      { keys: ['F3'], action: 'My Orders' },
      { keys: ['F4'], action: 'Watchlist' },
      { keys: ['F6'], action: 'Show or hide market depth in the order window' },
      { keys: ['F8'], action: 'My Trades' },
      { keys: ['F9'], action: 'Margin' },
      { keys: ['F10'], action: 'Net Positions' },
      {
        keys: ['Esc'],
        action: 'Close the open window, collapse an expanded widget, then go to the dashboard',
      },
    ],
    shortcutsNote:
      'Shortcuts work while you are logged in. Apart from F6 and Esc they do nothing while a window is open or while you are typing in a field.',
  },
} as const;
