import { pledgeText, type PledgeDemat } from '@kite/domain';
import styles from './pledge.module.css';

const text = pledgeText.depository;

export interface DematBlocksProps {
  demats: readonly PledgeDemat[];
  demat: PledgeDemat;
  selectId: string;
  onChoose: (dematAcc: string) => void;
}

/** The pledgeor block (demat dropdown, name, masked mobile, DP name) and the pledgee block (investing.md 2). */
export function DematBlocks({ demats, demat, selectId, onChoose }: DematBlocksProps) {
  return (
    <div className={styles.blocks}>
      <section className={styles.block} aria-label={text.pledgeorDetails}>
        <h2 className={styles.blockTitle}>{text.pledgeorDetails}</h2>
        <dl className={styles.facts}>
          <div>
            <dt>
              <label htmlFor={selectId}>{text.dematAccount}</label>
            </dt>
            <dd>
              <select
                id={selectId}
                className={styles.select}
                value={demat.pledgerDemat}
                onChange={(e) => onChoose(e.target.value)}
              >
                {demats.map((d) => (
                  <option key={d.pledgerDemat} value={d.pledgerDemat}>
                    {`${d.depository} - ${d.pledgerDemat}`}
                  </option>
                ))}
              </select>
            </dd>
          </div>
          <div>
            <dt>{text.name}</dt>
            <dd>{demat.pledgerName}</dd>
          </div>
          <div>
            <dt>{text.mobile}</dt>
            <dd>{demat.mobile}</dd>
          </div>
          <div>
            <dt>{text.dpName}</dt>
            <dd>{demat.dpName}</dd>
          </div>
        </dl>
      </section>
      <section className={styles.block} aria-label={text.pledgeeDetails}>
        <h2 className={styles.blockTitle}>{text.pledgeeDetails}</h2>
        <dl className={styles.facts}>
          <div>
            <dt>{text.dematAccount}</dt>
            <dd>{demat.pledgeeDematId}</dd>
          </div>
          <div>
            <dt>{text.name}</dt>
            <dd>{demat.pledgeeName}</dd>
          </div>
        </dl>
      </section>
    </div>
  );
}
