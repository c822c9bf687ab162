import type { SignedIn } from '@kite/domain';
import { sessionStore, type LoginState } from './session-store.ts';

/** The stored login state of a signed-in answer (platform.md 3.2); the risk disclosure follows the answer (2.9). */
export function toLoginState(answer: SignedIn): LoginState {
  return {
    loggedIn: true,
    userId: answer.userId,
    userSessionId: answer.userSessionId,
    accountDetails: answer.accountDetails,
    flags: { ...answer.flags, cugFlag: answer.cugFlag, limitAgainstHolding: answer.LIMITAGAINSTHOLDINGFLAG },
    clientName: answer.clientName,
    lastLoginAt: answer.lastLoginAt,
    demats: answer.demats,
    showRiskDisclosure: answer.riskDisclosure,
  };
}

/** Stores the login state of a signed-in answer: from the login screen or a single-sign-on entry. */
export function completeSignIn(answer: SignedIn): void {
  sessionStore.signIn(toLoginState(answer));
}
