import { describe, expect, it } from 'vitest';
import { fileDate, toCsv } from './report-csv.ts';

describe('CSV export', () => {
  it('writes a header and rows, quoting fields with commas, quotes or line breaks', () => {
    expect(
      toCsv(
        ['Date', 'Narration', 'Debit'],
        [
          ['27/11/2026', 'Bought 5 INFY, "EQ"', '7412.50'],
          ['28/11/2026', 'x\ny', 0],
        ],
      ),
    ).toBe('Date,Narration,Debit\r\n27/11/2026,"Bought 5 INFY, ""EQ""",7412.50\r\n28/11/2026,"x\ny",0\r\n');
  });

  it('names files by date', () => {
    expect(fileDate('27/11/2026')).toBe('20261127');
  });
});
