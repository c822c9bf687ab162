import { marketStatsText, moverIndices } from '@kite/domain';
import { useId, useState } from 'react';
import { useHeatmap } from './api/market-stats.ts';
import styles from './market-stats.module.css';
import { directionOf, grouped, intensityOf, signed } from './stats-format.ts';

const text = marketStatsText;
/** The indices with constituents, NSE's then BSE's. */
const HEATMAP_INDICES = [...moverIndices.NSE, ...moverIndices.BSE];

/** /home/ms/eq/heatmap: an index's constituents as tiles grouped by sector, coloured by today's change. */
export function HeatmapPage() {
  const titleId = useId();
  const selectId = useId();
  const [index, setIndex] = useState<string>(moverIndices.NSE[0]);
  const heatmap = useHeatmap(index);
  const data = heatmap.data;
  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <header className={styles.toolbar}>
        <h1 id={titleId} className={styles.title}>
          {text.heatmap.title}
        </h1>
        <label className={styles.filter} htmlFor={selectId}>
          {text.heatmap.index}
          <select id={selectId} className={styles.select} value={index} onChange={(e) => setIndex(e.target.value)}>
            {HEATMAP_INDICES.map((name) => (
              <option key={name}>{name}</option>
            ))}
          </select>
        </label>
      </header>
      <p className={styles.note}>{text.heatmap.legend}</p>
      {heatmap.isError && (
        <p role="alert" className={styles.state}>
          {text.error}
        </p>
      )}
      {!data && !heatmap.isError && (
        <p role="status" className={styles.state}>
          {text.loading}
        </p>
      )}
      {data?.sectors.length === 0 && <p className={styles.state}>{text.heatmap.empty}</p>}
      {data && data.sectors.length > 0 && (
        <div className={styles.sectors}>
          {data.sectors.map((sector) => (
            <section key={sector.sector} className={styles.sector} aria-label={sector.sector}>
              <h2 className={styles.sectorName}>
                <span>{sector.sector}</span>
                <span className="num">
                  <span className={styles.up}>{sector.advances}</span> /{' '}
                  <span className={styles.down}>{sector.declines}</span>
                </span>
              </h2>
              <ul className={styles.tiles}>
                {sector.tiles.map((tile) => (
                  <li
                    key={tile.sym.id}
                    className={styles.tile}
                    data-direction={directionOf(tile.chngPer)}
                    data-intensity={intensityOf(tile.chngPer)}
                    title={tile.companyName}
                    aria-label={text.heatmap.tile(tile.displaySym, grouped(tile.ltp), signed(tile.chngPer))}
                  >
                    <span className={styles.tileSymbol}>{tile.displaySym}</span>
                    <span className="num">{grouped(tile.ltp)}</span>
                    <span className="num">{signed(tile.chngPer)}%</span>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </section>
  );
}
