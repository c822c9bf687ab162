import { exportExcel, saveFile, toCsv as tableCsv } from '../../lib/export/table-export.ts';

/**
 * Export of the reports (investing.md 9 "Financial years and exports": Excel (xlsx) or CSV). Amounts stay plain
 * decimals (no lakh commas); the writing and saving are the app's one exporter (lib/export).
 */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  return tableCsv([header, ...rows.map((row) => row.map(String))]);
}

/** Saves `csv` as a file. */
export function downloadCsv(fileName: string, csv: string): void {
  saveFile(new Blob([csv], { type: 'text/csv;charset=utf-8' }), fileName);
}

export type ReportFormat = 'csv' | 'xlsx';

/** Saves a report's table as `<name>.csv` or `<name>.xlsx`: the same header and rows either way. */
export function downloadTable(
  format: ReportFormat,
  name: string,
  header: readonly string[],
  rows: readonly (readonly (string | number)[])[],
): void {
  if (format === 'csv') downloadCsv(`${name}.csv`, toCsv(header, rows));
  else void exportExcel(name, [header, ...rows.map((row) => row.map(String))], 'Report');
}

/** Saves a file the API answered in base64 (the contract note's PDF). */
export function downloadBase64(file: { fileName: string; contentType: string; base64: string }): void {
  const bytes = Uint8Array.from(atob(file.base64), (ch) => ch.charCodeAt(0));
  saveFile(new Blob([bytes], { type: file.contentType }), file.fileName);
}

/** dd/mm/yyyy -> yyyymmdd, for file names. */
export const fileDate = (slashDate: string) => slashDate.split('/').reverse().join('');
