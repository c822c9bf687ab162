/** Answer codes of accounts, login, OTP and session (platform.md 4, 5, 7.2, 8). */
export const accountCodes = {
  ACC001: { message: 'Invalid Client ID or Password', meaning: 'Wrong credentials (or an unknown client id); a wrong password counts toward lockout.' },
  ACC002: {
    message: 'Your account is locked after too many unsuccessful login attempts. Please unlock it through Forgot Password / Unlock Account (PAN, OTP).',
    meaning: 'The lockout limit of wrong passwords was reached; only the unlock or reset chain opens the account again.',
  },
  ACC003: {
    message: 'Your account is dormant. Please reactivate it through Reactivate Dormant.',
    meaning: 'The client has been dormant; the dormant reactivation flow (platform.md 2.5) must be completed first.',
  },
  ACC004: { message: 'Invalid OTP. Please try again.', meaning: 'The OTP did not match; the answer says how many attempts remain.' },
  ACC005: { message: 'OTP has expired. Please request a new OTP.', meaning: 'The OTP lifetime has passed.' },
  ACC006: {
    message: 'Maximum OTP attempts exceeded. Please request a new OTP.',
    meaning: 'The attempt limit of this OTP was reached (or it was already used); a new OTP is needed.',
  },
  ACC007: { message: 'Please wait before requesting a new OTP.', meaning: 'After the third resend a 30-second wait applies (platform.md 4.2, 9); the answer names the seconds left.' },
  ACC008: { message: 'No OTP has been sent. Please request an OTP.', meaning: 'There is no OTP flow in progress for this request.' },
  ACC009: { message: 'OTP resend limit reached. Please start again.', meaning: 'Too many OTPs were sent in one flow; the flow must be started again.' },
  ACC010: { message: 'The details entered do not match our records.', meaning: 'PAN, TPIN or birth year did not match in the reset or unlock chain.' },
  ACC011: {
    message: 'Your request has expired or is not valid. Please start again.',
    meaning: 'A step of the reset or unlock chain was taken out of order, after its expiry, or with an unknown token.',
  },
  ACC012: { message: 'Your account is not locked.', meaning: 'Unlock was asked for an account that is not locked.' },
  ACC013: { message: 'Invalid password', meaning: 'The new password breaks the password rules or the confirmation does not match.' },
  ACC014: { message: 'Old Password is incorrect', meaning: 'ChangePassword with a wrong current password; nothing changed.' },
  ACC015: { message: 'New Password should be different from Old Password', meaning: 'The new password equals the current one.' },
  ACC016: { message: 'Please enter valid TPIN', meaning: 'A TPIN field breaks the TPIN rules (platform.md 5) or the confirmation does not match.' },
  ACC017: { message: 'Old TPIN is incorrect', meaning: 'ChangeTPIN with a wrong current TPIN; nothing changed.' },
  ACC018: { message: 'No dormant account found for this Client ID.', meaning: 'Dormant reactivation asked for a client that is not dormant (or does not exist).' },
  ACC019: {
    message: 'Client ID does not match the signed-in client.',
    meaning: 'A request named another client id than the session; nothing was done.',
  },
  ACC020: { message: 'Please login again.', meaning: 'An OTP call was made on a session that is not waiting for an OTP.' },
} as const satisfies Record<string, { message: string; meaning: string }>;
