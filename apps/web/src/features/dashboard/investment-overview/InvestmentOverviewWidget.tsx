import { investingText } from '@kite/domain';
import { useNavigate } from 'react-router';
import { amountSign, rupees } from '../../margin/margin-format.ts';
import { useInvestmentOverview } from './investment-overview.ts';
import styles from './investment-overview.module.css';

const text = investingText.investmentOverview;

/**
 * The dashboard's investment overview (investing.md "World markets and investment overview"): the holdings' value
 * (a click opens DP Holdings), today's P/L with its percent, the number of holdings, advances and declines.
 */
export function InvestmentOverviewWidget() {
  const navigate = useNavigate();
  const query = useInvestmentOverview();
  if (query.error) return <p role="alert" className={styles.message}>{query.error.message}</p>;
  const summary = query.data;
  if (!summary) return <p role="status" className={styles.message}>{text.loading}</p>;
  if (summary.nHoldings === 0) return <p className={styles.message}>{text.empty}</p>;
  const sign = amountSign(summary.todaysPl);
  return (
    <div className={styles.overview}>
      <button type="button" className={styles.value} title={text.portfolioValueHint} onClick={() => navigate('/home/dpholdings')}>
        <span className={styles.label}>{text.portfolioValue}</span>
        <span className={`num ${styles.big}`}>{rupees(summary.totPtfValue)}</span>
      </button>
      <dl className={styles.figures}>
        <div className={styles.figure}>
          <dt>{text.todayPnl}</dt>
          <dd className={`num ${sign}`}>
            {rupees(summary.todaysPl)} ({rupees(summary.todaysPlPer)}%)
          </dd>
        </div>
        <div className={styles.figure}>
          <dt>{text.holdings}</dt>
          <dd className="num">{summary.nHoldings}</dd>
        </div>
        <div className={styles.figure}>
          <dt>{text.advances}</dt>
          <dd className="num up">{summary.nAdvances}</dd>
        </div>
        <div className={styles.figure}>
          <dt>{text.declines}</dt>
          <dd className="num down">{summary.nDeclines}</dd>
        </div>
      </dl>
    </div>
  );
}
