import { reportsText } from '@kite/domain';
import { Button } from '../../components/button/Button.tsx';
import type { ReportFormat } from './report-csv.ts';

/** A report's downloads, Excel (xlsx) and CSV (investing.md 9 "Financial years and exports"). */
export function ExportButtons({ onExport }: { onExport: (format: ReportFormat) => void }) {
  return (
    <>
      <Button size="small" onClick={() => onExport('xlsx')}>
        {reportsText.exportExcel}
      </Button>
      <Button size="small" onClick={() => onExport('csv')}>
        {reportsText.exportCsv}
      </Button>
    </>
  );
}
