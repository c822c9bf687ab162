/** Masks a mobile number to its last four digits: ******7890. */
export function maskMobile(mobile: string): string {
  return mobile.length <= 4 ? mobile : `${'*'.repeat(mobile.length - 4)}${mobile.slice(-4)}`;
}

/** Masks an e-mail address to its first two characters and the domain: de***@example.com. */
export function maskEmail(email: string): string {
  const at = email.indexOf('@');
  if (at < 0) return '***';
  return `${email.slice(0, Math.min(2, at))}***${email.slice(at)}`;
}
