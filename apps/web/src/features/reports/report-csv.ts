import { saveFile, toCsv as tableCsv } from '../../lib/export/table-export.ts';

/**
 * CSV export of the reports (investing.md 9: Excel or CSV; CSV chosen). Amounts stay plain decimals (no lakh commas)
 * so a spreadsheet reads them as numbers; the writing and saving are the app's one exporter (lib/export).
 */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  return tableCsv([header, ...rows.map((row) => row.map(String))]);
}

/** Saves `csv` as a file. */
export function downloadCsv(fileName: string, csv: string): void {
  saveFile(new Blob([csv], { type: 'text/csv;charset=utf-8' }), fileName);
}

/** Saves a file the API answered in base64 (the contract note's PDF). */
export function downloadBase64(file: { fileName: string; contentType: string; base64: string }): void {
  const bytes = Uint8Array.from(atob(file.base64), (ch) => ch.charCodeAt(0));
  saveFile(new Blob([bytes], { type: file.contentType }), file.fileName);
}

/** dd/mm/yyyy -> yyyymmdd, for file names. */
export const fileDate = (slashDate: string) => slashDate.split('/').reverse().join('');
