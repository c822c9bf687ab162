import type { SignedIn } from '@kite/domain';
import { accountDetailsOf, extraFlagsOf, type ClientRow, type DematRow } from './client.repo.ts';

/** The login answer (platform.md 3.2, 3.3, 2.9). */
export function signedInAnswer(client: ClientRow, demats: DematRow[], userSessionId: string, lastLoginAt: Date | null): SignedIn {
  const nonPoaDemats = demats.filter((d) => !d.poa);
  return {
    otpRequired: false,
    userId: client.user_id,
    userSessionId,
    accountDetails: accountDetailsOf(client),
    flags: extraFlagsOf(client),
    cugFlag: client.cug_flag,
    LIMITAGAINSTHOLDINGFLAG: client.limit_against_holding,
    MergeEqCom: client.merge_eq_com,
    // platform.md 4.1: after login, if fno_permission is Y the risk disclosure is shown.
    riskDisclosure: client.fno_permission === 'Y',
    ...(client.non_poa && nonPoaDemats.length > 0
      ? {
          nonPoaDemats: {
            nonPoaFlag: true,
            clientId: client.user_id,
            nonPoaAppKey: client.non_poa_app_key ?? '',
            demats: nonPoaDemats.map((d) => ({ dpType: d.dp_type, dpID: d.dp_id, dpAccount: d.dp_account, dpApiStatus: d.dp_api_status })),
          },
        }
      : {}),
    clientName: client.name,
    demats: demats.map((d) => ({ dpType: d.dp_type, dpID: d.dp_id, dpAccount: d.dp_account, poa: d.poa })),
    lastLoginAt: lastLoginAt ? lastLoginAt.toISOString() : null,
  };
}
