import { errorCatalogue } from './codes.ts';
import { accountCodes } from './account-codes.ts';
import { paymentCodes } from './payment-codes.ts';
import { marketCodes } from './market-codes.ts';
import { orderCodes } from './order-codes.ts';
import { watchlistCodes } from './watchlist-codes.ts';
import { basketCodes } from './basket-codes.ts';
import { portfolioCodes } from './portfolio-codes.ts';
import { ipoCodes } from './ipo-codes.ts';
import { calculatorCodes } from './calculator-codes.ts';
import { newsCodes } from './news-codes.ts';
import { pledgeCodes } from './pledge-codes.ts';
import { informationCodes } from './information-codes.ts';
import { planCodes } from './plan-codes.ts';
import { fundsCodes } from './funds-codes.ts';
import { reportCodes } from './report-codes.ts';

/** Every answer code across areas, merged; `errors.test.ts` proves codes are unique and documented. */
export const codeSources = [
  errorCatalogue,
  accountCodes,
  paymentCodes,
  marketCodes,
  basketCodes,
  watchlistCodes,
  orderCodes,
  portfolioCodes,
  ipoCodes,
  calculatorCodes,
  planCodes,
  informationCodes,
  pledgeCodes,
  newsCodes,
  fundsCodes,
  reportCodes,
] as const;
export const allCodes = {
  ...errorCatalogue,
  ...accountCodes,
  ...paymentCodes,
  ...marketCodes,
  ...basketCodes,
  ...watchlistCodes,
  ...orderCodes,
  ...portfolioCodes,
  ...ipoCodes,
  ...calculatorCodes,
  ...planCodes,
  ...informationCodes,
  ...pledgeCodes,
  ...newsCodes,
  ...fundsCodes,
  ...reportCodes,
} as const;
export type ErrorCode = keyof typeof allCodes;
