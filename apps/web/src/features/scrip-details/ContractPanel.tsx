import {
  displayDate,
  formatQuantity,
  tradingText,
  type ContractDetails,
  type LotMargin,
  type SymbolObject,
} from '@kite/domain';
import { DataTable, type DataColumn } from '../../components/data-table/index.ts';
import { useContractDetails } from '../market-data/get-contract-details.ts';
import { displayPrice, priceDecimalsOf } from '../market-data/price-format.ts';
import { Stat } from './Stat.tsx';
import styles from './scrip-details.module.css';

const t = tradingText.contract;
const productName = (product: LotMargin['product']): string =>
  tradingText.orderEntry.productChoices[product] ?? product;

const rupees = (amount: string) => displayPrice(amount, 2);

/** A derivative's margin is SPAN and exposure, or a bought option's premium: shown under its total. */
function MarginCell({ row, derivative }: { row: LotMargin; derivative: boolean }) {
  const parts = (['span', 'exposure', 'premium'] as const).filter((part) => row[part] !== '0.00');
  return (
    <span className={styles.margin}>
      <span className="num">{rupees(row.total)}</span>
      {derivative && parts.length > 0 && (
        <span className={`num ${styles.marginParts}`}>
          {parts.map((part) => `${t.parts[part]} ${rupees(row[part])}`).join(' + ')}
        </span>
      )}
    </span>
  );
}

function marginColumns(derivative: boolean): DataColumn<LotMargin>[] {
  return [
    { id: 'product', header: t.columns.product, cell: (row) => productName(row.product) },
    { id: 'side', header: t.columns.side, cell: (row) => t.sides[row.side] },
    {
      id: 'total',
      header: t.columns.total,
      cell: (row) => <MarginCell row={row} derivative={derivative} />,
      align: 'end',
    },
  ];
}

/** The figures that apply to this contract: an equity's ISIN and indices, a derivative's expiry, strike and legs. */
function ContractStats({ contract }: { contract: ContractDetails }) {
  const decimals = priceDecimalsOf(contract.exchange);
  return (
    <dl className={`${styles.stats} ${styles.contractStats}`}>
      {contract.expiry && <Stat label={t.expiry}>{displayDate(contract.expiry)}</Stat>}
      {contract.daysToExpiry !== null && <Stat label={t.daysToExpiry}>{contract.daysToExpiry}</Stat>}
      {contract.strike && <Stat label={t.strike}>{displayPrice(contract.strike, decimals)}</Stat>}
      {contract.optType && <Stat label={t.optionType}>{t.optionTypes[contract.optType]}</Stat>}
      {contract.underlying && <Stat label={t.underlying}>{contract.underlying.displaySym}</Stat>}
      {contract.farLeg && <Stat label={t.farLeg}>{contract.farLeg.displaySym}</Stat>}
      {contract.multiplier !== 1 && <Stat label={t.multiplier}>{formatQuantity(contract.multiplier)}</Stat>}
      {contract.freezeQuantity !== null && (
        <Stat label={t.freezeQuantity}>{formatQuantity(contract.freezeQuantity)}</Stat>
      )}
      <Stat label={t.bandPercent}>{contract.bandPercent}%</Stat>
      {contract.isin && <Stat label={t.isin}>{contract.isin}</Stat>}
      {contract.sector && <Stat label={t.sector}>{contract.sector}</Stat>}
      {contract.indices.length > 0 && <Stat label={t.indices}>{contract.indices.join(', ')}</Stat>}
    </dl>
  );
}

/** /Market/GetContractDetails on the scrip page: the contract's reference data and what one lot of it blocks. */
export function ContractPanel({ sym, headingId }: { sym: SymbolObject; headingId: string }) {
  const details = useContractDetails(sym);
  const contract = details.data;
  return (
    <section className={styles.contractSection} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionTitle}>
        {t.title}
      </h2>
      {details.isError && (
        <p className={styles.message} role="alert">
          {details.error.message}
        </p>
      )}
      {!contract && !details.isError && (
        <p className={styles.message} role="status">
          {t.loading}
        </p>
      )}
      {contract && (
        <>
          <ContractStats contract={contract} />
          {contract.lotMargins.length > 0 && (
            <>
              <h3 className={styles.sectionTitle}>{t.marginTitle}</h3>
              <p className={styles.contractNote}>
                {t.marginCaption(displayPrice(contract.ltp, priceDecimalsOf(contract.exchange)))}
              </p>
              <DataTable
                caption={t.marginTitle}
                columns={marginColumns(contract.instrument !== 'STK')}
                rows={contract.lotMargins}
                rowKey={(row) => `${row.product} ${row.side}`}
                density="compact"
              />
            </>
          )}
        </>
      )}
    </section>
  );
}
