import { deriveAbilities, displayDate, formatAmount, investingText, type IpoMaster, parseRupees } from '@kite/domain';
import { Button } from '../../components/button/Button.tsx';
import { DataTable, type DataColumn } from '../../components/data-table/index.ts';
import { showMessage } from '../../components/dialog/index.ts';
import { useLoginState } from '../../lib/session/session-store.ts';
import { useOngoingIpos } from './api/ipo-calls.ts';
import { bidRefusal, ipoErrorText } from './ipo-rules.ts';
import { TwoLineName } from './TwoLineName.tsx';
import styles from './ipo.module.css';

const text = investingText.ipo;
const rupees = (value: string) => `₹ ${formatAmount(parseRupees(value) ?? 0)}`;

/** The expansion of an ongoing IPO (investing.md 2): size, band, investment range, type, lot and minimum quantity. */
function IpoDetails({ ipo }: { ipo: IpoMaster }) {
  const band =
    ipo.minPrice === ipo.maxPrice ? rupees(ipo.maxPrice) : `${rupees(ipo.minPrice)} - ${rupees(ipo.maxPrice)}`;
  const rows: [string, string][] = [
    [text.details.issueSize, text.details.crore(formatAmount(parseRupees(ipo.issueSize) ?? 0))],
    [text.details.priceBand, band],
    [text.details.minInvestment, rupees(ipo.minimumInvestmentAmt)],
    [text.details.maxInvestment, rupees(ipo.maximumInvestmentAmt)],
    [text.details.issueType, ipo.type],
    [text.details.lotSize, String(ipo.lotSize)],
    [text.details.minBidQuantity, String(ipo.minBidQuantity)],
  ];
  return (
    <dl className={styles.details}>
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The Ongoing tab: an expandable row per IPO with a BID button (investing.md 2, 5 "BID button rules"). */
export function OngoingTab({ onBid }: { onBid: (ipo: IpoMaster, upiHandlers: readonly string[]) => void }) {
  const login = useLoginState();
  const query = useOngoingIpos();
  const bid = (ipo: IpoMaster) => {
    if (!login) return;
    const refusal = bidRefusal(ipo, deriveAbilities(login.accountDetails, login.flags));
    if (refusal) void showMessage({ header: text.messageTitle, message: refusal });
    else onBid(ipo, query.data?.ipoUpiHandler ?? []);
  };
  const columns: DataColumn<IpoMaster>[] = [
    {
      id: 'ipo',
      header: text.columns.ipo,
      cell: (ipo) => <TwoLineName name={ipo.symbol} sub={ipo.name} />,
      sortValue: (ipo) => ipo.symbol,
    },
    {
      id: 'opens',
      header: text.columns.opensFrom,
      cell: (ipo) => (
        <span className={styles.when}>{`${displayDate(ipo.biddingStartDate)} ${ipo.dailyStartTime}`}</span>
      ),
    },
    {
      id: 'closes',
      header: text.columns.closesOn,
      cell: (ipo) => <span className={styles.when}>{`${displayDate(ipo.biddingEndDate)} ${ipo.dailyEndTime}`}</span>,
    },
    {
      id: 'bid',
      header: '',
      label: text.bid,
      align: 'end',
      pinEnd: true,
      cell: (ipo) => (
        <Button variant="primary" size="small" onClick={() => bid(ipo)} aria-label={`${text.bid} ${ipo.symbol}`}>
          {text.bid}
        </Button>
      ),
    },
  ];
  return (
    <DataTable
      caption={text.tabs.ongoing}
      columns={columns}
      rows={query.data?.ipoMaster}
      rowKey={(ipo) => ipo.symbol}
      loading={query.isFetching}
      loadingText={text.loading}
      error={query.error ? ipoErrorText(query.error.message) : undefined}
      empty={text.noOngoing}
      renderExpanded={(ipo) => <IpoDetails ipo={ipo} />}
      expandLabel={(ipo) => text.expand(ipo.name)}
    />
  );
}
