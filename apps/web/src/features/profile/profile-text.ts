import { displayDate, istDateTime } from '@kite/domain';

/** Texts of My Details that the spec does not show (platform.md 2.3 names the page only). */
export const profileText = {
  poa: 'POA (power of attorney given)',
  nonPoa: 'Non-POA (e-DIS authorisation needed to sell)',
  dematLine: (dpType: string, dpId: string, account: string) => `${dpType} · DP ID ${dpId} · ${account}`,
  firstLogin: 'This is your first login',
  /** Shown in IST, the exchange's time, dd/mm/yyyy HH:MM. */
  lastLogin: (iso: string) => `${displayDate(istDateTime(Date.parse(iso)).slice(0, 16))} IST`,
} as const;
