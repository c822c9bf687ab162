/** A table to export: the first line is the header; every cell is already display text. */
export type ExportTable = readonly (readonly string[])[];

const INTEGER = /^-?\d{1,15}$/;

/** RFC 4180 CSV with CRLF line ends; fields with quotes, commas or line breaks are quoted. */
export function toCsv(table: ExportTable): string {
  const field = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
  return table.map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';
}

/** Saves a blob as a file through a temporary link (every export and report download of the app). */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The table as `<name>.csv` (watchlists and baskets are exported named after themselves, trading.md 9). */
export function exportCsv(name: string, table: ExportTable): void {
  saveFile(new Blob([toCsv(table)], { type: 'text/csv;charset=utf-8' }), `${name}.csv`);
}

/**
 * The table as `<name>.xlsx`. Quantities go in as numbers; prices stay exact decimal text (no binary floating point
 * for prices, STYLE.md).
 */
export async function exportExcel(name: string, table: ExportTable, fallbackSheetName: string): Promise<void> {
  const [header = [], ...body] = table;
  const sheet = [
    header.map((value) => ({ value, fontWeight: 'bold' as const })),
    ...body.map((line) =>
      line.map((value) => (INTEGER.test(value) ? { value: Number(value), type: Number } : { value })),
    ),
  ];
  // The spreadsheet writer is fetched on the first Excel export only: it weighs more than the screens that offer it.
  const { default: writeXlsxFile } = await import('write-excel-file/universal');
  const blob = await writeXlsxFile(sheet, { sheet: name.slice(0, 31) || fallbackSheetName }).toBlob();
  saveFile(blob, `${name}.xlsx`);
}

/** Prints the table alone, in a clean document of its own (no shell, no buttons), then removes it. */
export function printTable(title: string, table: ExportTable): void {
  const frame = document.createElement('iframe');
  frame.setAttribute('aria-hidden', 'true');
  frame.style.position = 'fixed';
  frame.style.width = '0';
  frame.style.height = '0';
  frame.style.border = '0';
  document.body.append(frame);
  const doc = frame.contentDocument;
  const win = frame.contentWindow;
  if (!doc || !win) {
    frame.remove();
    return;
  }
  const [header = [], ...body] = table;
  const style = doc.createElement('style');
  // Print output is black on white whatever the theme.
  style.textContent =
    'body{font:12px system-ui,sans-serif;margin:16px}h1{font-size:16px;margin:0 0 12px}' +
    'table{border-collapse:collapse;width:100%}th,td{border:1px solid #999;padding:4px 6px;text-align:left}' +
    'th{background:#eee}td{font-variant-numeric:tabular-nums}';
  doc.head.append(style);
  const heading = doc.createElement('h1');
  heading.textContent = title;
  const tableElement = doc.createElement('table');
  const headRow = tableElement.createTHead().insertRow();
  for (const value of header) {
    const th = doc.createElement('th');
    th.scope = 'col';
    th.textContent = value;
    headRow.append(th);
  }
  const tbody = tableElement.createTBody();
  for (const row of body) {
    const tr = tbody.insertRow();
    for (const value of row) tr.insertCell().textContent = value;
  }
  doc.body.append(heading, tableElement);
  win.focus();
  win.print();
  setTimeout(() => frame.remove(), 1000);
}
