import { errorCatalogue } from './codes.ts';
import { accountCodes } from './account-codes.ts';
import { paymentCodes } from './payment-codes.ts';
import { marketCodes } from './market-codes.ts';

/** Every answer code across areas, merged; `errors.test.ts` proves codes are unique and documented. */
export const codeSources = [errorCatalogue, accountCodes, paymentCodes, marketCodes] as const;
export const allCodes = { ...errorCatalogue, ...accountCodes, ...paymentCodes, ...marketCodes } as const;
export type ErrorCode = keyof typeof allCodes;
