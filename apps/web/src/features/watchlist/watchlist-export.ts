import writeXlsxFile from 'write-excel-file/universal';
import { toCsv } from './watchlist-view.ts';

const INTEGER = /^-?\d{1,15}$/;

function download(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The watchlist as CSV named after it (trading.md 9). */
export function exportCsv(name: string, table: readonly (readonly string[])[]): void {
  download(new Blob([toCsv(table)], { type: 'text/csv;charset=utf-8' }), `${name}.csv`);
}

/**
 * The watchlist as .xlsx named after it (trading.md 9). Quantities go in as numbers; prices stay exact decimal text
 * (no binary floating point for prices, STYLE.md).
 */
export async function exportExcel(name: string, table: readonly (readonly string[])[]): Promise<void> {
  const [header = [], ...body] = table;
  const sheet = [
    header.map((value) => ({ value, fontWeight: 'bold' as const })),
    ...body.map((line) =>
      line.map((value) => (INTEGER.test(value) ? { value: Number(value), type: Number } : { value })),
    ),
  ];
  const blob = await writeXlsxFile(sheet, { sheet: name.slice(0, 31) || 'Watchlist' }).toBlob();
  download(blob, `${name}.xlsx`);
}
