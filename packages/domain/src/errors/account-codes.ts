/** Answer codes of accounts, login, OTP and session (platform.md 4, 8). */
export const accountCodes = {
  ACC001: { message: 'Invalid Client ID or Password', meaning: 'Wrong credentials; counts toward lockout.' },
} as const satisfies Record<string, { message: string; meaning: string }>;
