import { groupIndian, informationText, reportsText, type ContractNote, type ContractTrade } from '@kite/domain';
import PDFDocument from 'pdfkit';

/**
 * The digital contract note as a PDF (investing.md 7 "/Reports/downloadPDF"): the same numbers /Reports/DigitalContract
 * answers, laid out as a printed note on A4 landscape. Standard Helvetica only (no font files); amounts in lakh
 * grouping as on screen. A long note continues on further pages under a repeated header row.
 */

const text = reportsText.contractNote;
const c = text.columns;
const MARGIN = 16;
const ROW = 13;
const FONT_SIZE = 7;

type MoneyKey = keyof ContractNote['totals'];

/** A column shows a field of the trade (`cell`) or one of its amounts (`money`), which the TOTAL row sums. */
type Column = { header: string; width: number; align: 'left' | 'right' } & (
  { cell: (t: ContractTrade) => string } | { money: MoneyKey }
);

const money = (key: MoneyKey) => ({ money: key, align: 'right' as const });
const cellOf = (col: Column, t: ContractTrade) => ('money' in col ? groupIndian(t[col.money]) : col.cell(t));

const COLUMNS: Column[] = [
  { header: c.orderNo, width: 60, align: 'left', cell: (t) => t.orderNo },
  { header: c.tradeNo, width: 40, align: 'left', cell: (t) => t.tradeNo },
  { header: c.time, width: 34, align: 'left', cell: (t) => t.time },
  { header: c.symbol, width: 136, align: 'left', cell: (t) => `${t.symbol} (${t.exchange})` },
  // The product the quantity ended the day in, as it was charged (a partly moved trade is two lines), as on screen.
  { header: c.product, width: 66, align: 'left', cell: (t) => t.product },
  { header: c.side, width: 28, align: 'left', cell: (t) => t.side },
  { header: c.quantity, width: 34, align: 'right', cell: (t) => String(t.quantity) },
  { header: c.price, width: 44, align: 'right', cell: (t) => groupIndian(t.price) },
  { header: c.value, width: 58, ...money('value') },
  { header: c.brokerage, width: 40, ...money('brokerage') },
  { header: c.stt, width: 43, ...money('stt') },
  { header: c.transactionCharge, width: 50, ...money('transactionCharge') },
  { header: c.gst, width: 39, ...money('gst') },
  { header: c.sebiFee, width: 36, ...money('sebiFee') },
  { header: c.stampDuty, width: 40, ...money('stampDuty') },
  { header: c.net, width: 62, ...money('netAmount') },
];
const TABLE_WIDTH = COLUMNS.reduce((w, col) => w + col.width, 0);

function row(doc: PDFKit.PDFDocument, cells: string[], y: number, bold = false): void {
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(FONT_SIZE);
  let x = MARGIN;
  COLUMNS.forEach((col, i) => {
    doc.text(cells[i] ?? '', x + 2, y + 3, { width: col.width - 4, align: col.align, lineBreak: false });
    x += col.width;
  });
}

/** The column headers, two lines high so a long one ("Exchange charges") wraps instead of being cut. */
function headerRow(doc: PDFKit.PDFDocument, y: number): number {
  const height = 2 * ROW + 4;
  doc.rect(MARGIN, y, TABLE_WIDTH, height).fill('#e8ecf2').fillColor('#000000');
  doc.font('Helvetica-Bold').fontSize(FONT_SIZE);
  let x = MARGIN;
  for (const col of COLUMNS) {
    doc.text(col.header, x + 2, y + 3, { width: col.width - 4, align: col.align, height: height - 4 });
    x += col.width;
  }
  return y + height + 2;
}

/** The note's PDF bytes. `note` must hold at least one trade (a day without trades has no note). */
export async function contractNotePdf(note: ContractNote): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: MARGIN,
    info: { Title: `${text.title} ${note.contractNoteNo}`, Author: informationText.contact.office[0] },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(14).text(text.title, MARGIN, MARGIN);
  doc.font('Helvetica').fontSize(8).text(informationText.contact.office.join(', '));
  doc.moveDown(0.6);
  const net = note.totals.netAmount;
  const facts: [string, string][] = [
    [text.number, note.contractNoteNo],
    [text.tradeDate, note.tradeDate],
    [text.client, `${note.clientName} (${note.userId})`],
    [text.pan, note.pan],
    [net.startsWith('-') ? text.netPayable : text.netReceivable, groupIndian(net.replace('-', ''))],
  ];
  for (const [label, value] of facts) {
    doc.font('Helvetica-Bold').fontSize(9).text(`${label}: `, { continued: true }).font('Helvetica').text(value);
  }

  const bottom = doc.page.height - MARGIN - ROW;
  let y = headerRow(doc, doc.y + 8);
  for (const trade of note.trades) {
    if (y > bottom) {
      doc.addPage();
      y = headerRow(doc, MARGIN);
    }
    row(
      doc,
      COLUMNS.map((col) => cellOf(col, trade)),
      y,
    );
    y += ROW;
  }
  if (y > bottom) {
    doc.addPage();
    y = MARGIN;
  }
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + TABLE_WIDTH, y)
    .stroke();
  row(
    doc,
    COLUMNS.map((col, i) => ('money' in col ? groupIndian(note.totals[col.money]) : i === 0 ? text.totals : '')),
    y,
    true,
  );
  doc
    .font('Helvetica')
    .fontSize(7)
    .text(text.note, MARGIN, y + ROW + 8, { width: TABLE_WIDTH });
  doc.end();
  return done;
}
