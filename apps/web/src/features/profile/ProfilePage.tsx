import { deriveAbilities } from '@kite/domain';
import { Button } from '../../components/button/Button.tsx';
import { useLoginState } from '../../lib/session/session-store.ts';
import { SecurityPanel } from '../security/SecurityPanel.tsx';
import { showMtfDefinition, startMtfActivation } from '../shell-dialogs/index.ts';
import { profileText } from './profile-text.ts';
import styles from './profile.module.css';

const yesNo = (on: boolean) => (on ? 'Yes' : 'No');

/** My Details: the client's details and permissions as held in the login state (platform.md 3.1, 6), and security. */
export function ProfilePage() {
  const login = useLoginState();
  if (!login) return null;
  const abilities = deriveAbilities(login.accountDetails, login.flags);
  const mtfActive = abilities.marginTrading.NSE || abilities.marginTrading.BSE;
  const permissions: [string, string][] = [
    ['Equity', yesNo(abilities.equity)],
    ['F&O', yesNo(abilities.fno)],
    ['Spread', yesNo(abilities.spread)],
    ['Currency', yesNo(abilities.currency)],
    ['Commodity (MCX)', yesNo(abilities.mcx)],
    ['Commodity (NCDEX)', yesNo(abilities.ncdex)],
    ['Short sell (NSE / BSE)', `${yesNo(abilities.shortSell.NSE)} / ${yesNo(abilities.shortSell.BSE)}`],
    ['My Trading Plan', yesNo(abilities.tradingPlan)],
    ['Span calculator', yesNo(abilities.spanCalculator)],
    ['Limit against holdings', yesNo(login.flags.limitAgainstHolding)],
  ];
  return (
    <section className={styles.page} aria-labelledby="profile-title">
      <h1 id="profile-title" className={styles.title}>
        My Details
      </h1>
      <div className={styles.columns}>
        <div className={styles.stack}>
          <dl className={styles.card}>
            <div className={styles.row}>
              <dt>Client ID</dt>
              <dd>{login.userId}</dd>
            </div>
            <div className={styles.row}>
              <dt>Name</dt>
              <dd>{login.clientName}</dd>
            </div>
            <div className={styles.row}>
              <dt>Last login</dt>
              <dd>{login.lastLoginAt ? profileText.lastLogin(login.lastLoginAt) : profileText.firstLogin}</dd>
            </div>
            <div className={styles.row}>
              <dt>Margin mode</dt>
              <dd>{login.accountDetails.marginMode}</dd>
            </div>
            <div className={styles.row}>
              <dt>Segments</dt>
              <dd>{abilities.segments.length > 0 ? abilities.segments.join(', ') : 'None'}</dd>
            </div>
            <div className={styles.row}>
              <dt>Demat account</dt>
              <dd className={styles.demat}>
                <span>{abilities.edisRequired ? profileText.nonPoa : profileText.poa}</span>
                {(login.demats ?? []).map((demat) => (
                  <span key={`${demat.dpID}-${demat.dpAccount}`} className={styles.dematLine}>
                    {profileText.dematLine(demat.dpType, demat.dpID, demat.dpAccount)}
                  </span>
                ))}
              </dd>
            </div>
            <div className={styles.row}>
              <dt>Margin trading (NSE / BSE)</dt>
              <dd className={styles.mtf}>
                <span>
                  {yesNo(abilities.marginTrading.NSE)} / {yesNo(abilities.marginTrading.BSE)}
                </span>
                <Button size="small" variant="ghost" onClick={() => void showMtfDefinition()}>
                  WHAT IS MTF?
                </Button>
                {!mtfActive && (
                  <Button size="small" variant="primary" onClick={() => void startMtfActivation()}>
                    ACTIVATE MTF
                  </Button>
                )}
              </dd>
            </div>
          </dl>
          <SecurityPanel clientId={login.userId} />
        </div>
        <table className={styles.table}>
          <caption className={styles.caption}>Trading permissions</caption>
          <thead>
            <tr>
              <th scope="col">Permission</th>
              <th scope="col">Allowed</th>
            </tr>
          </thead>
          <tbody>
            {permissions.map(([name, value]) => (
              <tr key={name}>
                <th scope="row">{name}</th>
                <td>{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
