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
  saveFile(fileName, new Blob([csv], { type: 'text/csv;charset=utf-8' }));
}

/** Saves a file the API answered in base64 (the contract note's PDF). */
export function downloadBase64(file: { fileName: string; contentType: string; base64: string }): void {
  const bytes = Uint8Array.from(atob(file.base64), (ch) => ch.charCodeAt(0));
  saveFile(file.fileName, new Blob([bytes], { type: file.contentType }));
}

function saveFile(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

/** dd/mm/yyyy -> yyyymmdd, for file names. */
export const fileDate = (slashDate: string) => slashDate.split('/').reverse().join('');
