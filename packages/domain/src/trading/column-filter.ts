/**
 * Watchlist column filters (trading.md 5.3): text columns match a lower-cased "contains"; numeric columns accept
 * <=, >=, <, >, = followed by a number; the symbol column matches the id or the company name. Numbers are compared as
 * exact decimals (no floating point). A half-typed expression ('>' alone, '>=abc') does not filter yet.
 */
const NUMERIC_FILTER = /^(<=|>=|<|>|=)\s*(-?\d+(?:\.\d+)?)$/;
const DECIMAL = /^-?\d+(?:\.\d+)?$/;

export type NumericOperator = '<=' | '>=' | '<' | '>' | '=';

export function parseNumericFilter(filter: string): { operator: NumericOperator; value: string } | null {
  const match = NUMERIC_FILTER.exec(filter.trim());
  return match ? { operator: match[1] as NumericOperator, value: match[2] as string } : null;
}

/** Compares two decimal strings exactly: -1, 0 or 1. */
export function compareDecimals(a: string, b: string): number {
  const [aWhole, aFraction = ''] = a.split('.');
  const [bWhole, bFraction = ''] = b.split('.');
  const digits = Math.max(aFraction.length, bFraction.length);
  const scaled = (whole: string | undefined, fraction: string): bigint => {
    const negative = (whole ?? '').startsWith('-');
    const magnitude = BigInt((whole ?? '0').replace('-', '') + fraction.padEnd(digits, '0'));
    return negative ? -magnitude : magnitude;
  };
  const x = scaled(aWhole, aFraction);
  const y = scaled(bWhole, bFraction);
  return x < y ? -1 : x > y ? 1 : 0;
}

export function matchesColumnFilter(
  value: string | number | null | undefined,
  type: 'num' | 'string',
  filter: string,
): boolean {
  const f = filter.trim();
  if (f === '') return true;
  const text = value === null || value === undefined ? '' : String(value);
  if (type === 'string') return text.toLowerCase().includes(f.toLowerCase());
  const parsed = parseNumericFilter(f);
  if (parsed === null) return /^(<=|>=|<|>|=)/.test(f) ? true : text.toLowerCase().includes(f.toLowerCase());
  const cell = text.replace(/,/g, '').trim();
  if (!DECIMAL.test(cell)) return false;
  const c = compareDecimals(cell, parsed.value);
  switch (parsed.operator) {
    case '<=':
      return c <= 0;
    case '>=':
      return c >= 0;
    case '<':
      return c < 0;
    case '>':
      return c > 0;
    case '=':
      return c === 0;
  }
}

/** The symbol column matches the scrip id or the company name. */
export function matchesSymbolFilter(row: { id: string; companyName: string }, filter: string): boolean {
  const f = filter.trim().toLowerCase();
  return f === '' || row.id.toLowerCase().includes(f) || row.companyName.toLowerCase().includes(f);
}
