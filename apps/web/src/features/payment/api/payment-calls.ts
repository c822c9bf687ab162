import {
  completeGatewayTransaction,
  getDematPaymentDetails,
  getGatewayTransaction,
  initiateDematPayment,
  lookupDematDues,
} from '@kite/domain';
import { callApi } from '../../../lib/api/client.ts';

/** The calls of the demat payment pages (platform.md 7.3) and of the simulated provider's popup. */
export async function lookupDues(dematAccountNumber: string, captchaCode: string) {
  return (await callApi(lookupDematDues, { dematAccountNumber, captchaCode })).data;
}

export async function fetchPaymentDetails(params: string) {
  return (await callApi(getDematPaymentDetails, { params })).data;
}

export async function startPayment(params: string) {
  return (await callApi(initiateDematPayment, { params })).data.initiatePaymentResponse;
}

export async function fetchGatewayTransaction(atomTokenID: string, merchID: string) {
  return (await callApi(getGatewayTransaction, { atomTokenID, merchID })).data;
}

export async function completeGatewayPayment(atomTokenID: string, merchID: string, outcome: 'pay' | 'fail') {
  return (await callApi(completeGatewayTransaction, { atomTokenID, merchID, outcome })).data;
}
