/**
 * CSV export (investing.md 9: Excel or CSV; CSV chosen, no spreadsheet library needed). Fields are quoted when they
 * hold a comma, quote or line break; amounts stay plain decimals (no lakh commas) so a spreadsheet reads them as numbers.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const field = (value: string | number) => {
    const text = String(value);
    return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  return [header, ...rows].map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';
}

/** Saves `csv` as a file through a temporary link. */
export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

/** dd/mm/yyyy -> yyyymmdd, for file names. */
export const fileDate = (slashDate: string) => slashDate.split('/').reverse().join('');
