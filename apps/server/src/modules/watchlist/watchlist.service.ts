import {
  DEFAULT_COLUMN_IDS,
  checkAddScrip,
  checkDeleteScrips,
  checkDeleteWatchlists,
  checkNewWatchlistName,
  checkWatchlistRename,
  isSameScrip,
  normaliseColumnChoice,
  ok,
  reject,
  type Result,
  type SymbolObject,
  type WatchlistGroup,
  type WatchlistSettings,
  type WatchlistSymbolRow,
  invalidRequest,
} from '@kite/domain';
import type { Instrument, Market } from '@kite/exchange';
import { inTransaction, type Db, type Queryable } from '../../db/pool.ts';
import { instrumentOfSymbol } from '../../services/market-runtime/symbol-object.ts';
import * as repo from './watchlist.repo.ts';
import {
  PREDEFINED_GROUPS,
  STARTER_NAME,
  STARTER_SYMBOLS,
  constituentsOf,
  predefinedGroup,
  watchlistRowOf,
} from './watchlist-market.ts';

/** The asset classes whose instruments expire (futures, options and spreads of every exchange). */
const EXPIRING_ASSET_CLASSES: ReadonlySet<string> = new Set(['FUTURE', 'OPTION', 'SPREAD']);

/** Chosen where the spec is silent: a watchlist holds at most 100 scrips. */
export const MAX_SCRIPS_PER_WATCHLIST = 100;

export function defaultSettings(): WatchlistSettings {
  return {
    assetClass: 'EQUITY',
    equityColumns: normaliseColumnChoice(DEFAULT_COLUMN_IDS, 'EQUITY'),
    futureColumns: normaliseColumnChoice(DEFAULT_COLUMN_IDS, 'FUTURE'),
    optionsColumns: normaliseColumnChoice(DEFAULT_COLUMN_IDS, 'OPTIONS'),
  };
}

/** Saved column choices pass the same rule as the edit dialog: fixed columns on, tab's columns only, at most 16. */
export function normaliseSettings(s: WatchlistSettings): WatchlistSettings {
  return {
    assetClass: s.assetClass,
    equityColumns: normaliseColumnChoice(s.equityColumns, 'EQUITY'),
    futureColumns: normaliseColumnChoice(s.futureColumns, 'FUTURE'),
    optionsColumns: normaliseColumnChoice(s.optionsColumns, 'OPTIONS'),
  };
}

type Own = { kind: 'own'; row: repo.GroupRow } | { kind: 'predef'; id: string; name: string };

const NUMERIC_ID = /^\d{1,18}$/;

/** A watchId of this client (or a predefined group); another client's id answers the same as an unknown one. */
async function resolveGroup(q: Queryable, clientId: number, watchId: string): Promise<Own | undefined> {
  const predef = predefinedGroup(watchId);
  if (predef) return { kind: 'predef', id: predef.id, name: predef.name };
  if (!NUMERIC_ID.test(watchId)) return undefined;
  const row = await repo.findGroup(q, clientId, Number(watchId));
  return row ? { kind: 'own', row } : undefined;
}

function groupOf(row: repo.GroupRow, prefs: Map<string, repo.GroupPrefs>): WatchlistGroup {
  const id = String(row.id);
  const p = prefs.get(id);
  return {
    id,
    name: row.name,
    channel: row.channel,
    type: row.channel === 'MOB' ? 'mobile' : 'user',
    isEditable: row.channel === 'WEB',
    isMobile: row.channel === 'MOB',
    isChecked: false,
    favid: p?.favid ?? '0',
    settings: p?.settings ? normaliseSettings(p.settings) : defaultSettings(),
  };
}

function predefOf(id: string, name: string, prefs: Map<string, repo.GroupPrefs>): WatchlistGroup {
  const p = prefs.get(id);
  return {
    id,
    name,
    channel: 'PREDEF',
    type: 'predef',
    isEditable: false,
    isMobile: false,
    isChecked: false,
    favid: p?.favid ?? '0',
    settings: p?.settings ? normaliseSettings(p.settings) : defaultSettings(),
  };
}

const facts = (g: repo.GroupRow) => ({ id: String(g.id), name: g.name, isEditable: g.channel === 'WEB', favid: '0' });

export class WatchlistService {
  constructor(
    private readonly db: Db,
    private readonly market: () => Market,
  ) {}

  private instrumentOf(sym: Pick<SymbolObject, 'id' | 'exc'>): Instrument | undefined {
    const market = this.market();
    return instrumentOfSymbol((id) => market.registry.byId(id), sym);
  }

  /**
   * A group's scrips with their instruments, in order. A contract leaves every watchlist once the market no longer
   * lists it (the day roll after its expiry day drops it): its row is deleted here, so it neither hides in the list
   * nor counts towards the hundred or the last scrip a client may not delete. Only contracts expire: a row of another
   * asset class the market lacks is left as it is.
   */
  private async listedScrips(
    q: Queryable,
    groupId: number,
  ): Promise<{ listed: { stored: repo.StoredSymbol; instrument: Instrument }[]; expired: repo.StoredSymbol[] }> {
    const listed = [];
    const expired = [];
    for (const stored of await repo.listSymbols(q, groupId)) {
      const instrument = this.instrumentOf({ id: stored.instrumentId, exc: stored.exc as SymbolObject['exc'] });
      if (instrument) listed.push({ stored, instrument });
      else if (EXPIRING_ASSET_CLASSES.has(stored.assetClass)) expired.push(stored);
    }
    if (expired.length > 0)
      await repo.deleteSymbols(
        q,
        groupId,
        expired.map((stored) => stored.id),
      );
    return { listed, expired };
  }

  /** A new client's first look makes the starter watchlist, once (deleting it later does not bring it back). */
  private async ensureStarter(clientId: number): Promise<void> {
    await inTransaction(this.db, async (c) => {
      await repo.lockClient(c, clientId);
      if (!(await repo.claimStarter(c, clientId))) return;
      if ((await repo.listGroups(c, clientId)).length > 0) return;
      const groupId = await repo.insertGroup(c, clientId, STARTER_NAME);
      const market = this.market();
      for (const trSymbol of STARTER_SYMBOLS) {
        const i = market.registry.bySymbol('NSE', trSymbol);
        if (i)
          await repo.insertSymbol(c, groupId, {
            instrumentId: i.id,
            exc: i.exc,
            assetClass: i.assetClass,
            trSymbol: i.trSymbol,
          });
      }
    });
  }

  async listGroups(
    clientId: number,
  ): Promise<Result<{ predef: WatchlistGroup[]; groups: WatchlistGroup[]; mpib: WatchlistGroup[] }>> {
    await this.ensureStarter(clientId);
    const [rows, prefs] = await Promise.all([repo.listGroups(this.db, clientId), repo.listPrefs(this.db, clientId)]);
    return ok({
      predef: PREDEFINED_GROUPS.map((g) => predefOf(g.id, g.name, prefs)),
      groups: rows.filter((r) => r.channel === 'WEB').map((r) => groupOf(r, prefs)),
      mpib: rows.filter((r) => r.channel === 'MOB').map((r) => groupOf(r, prefs)),
    });
  }

  async addGroup(clientId: number, name: string): Promise<Result<{ id: string }>> {
    return inTransaction(this.db, async (c) => {
      await repo.lockClient(c, clientId);
      const editable = (await repo.listGroups(c, clientId)).filter((g) => g.channel === 'WEB');
      const problem = checkNewWatchlistName(name, editable.map(facts));
      if (problem !== null) return rejectName(problem);
      const id = await repo.insertGroup(c, clientId, name.trim());
      return ok({ id: String(id) });
    });
  }

  async updateGroup(
    clientId: number,
    watchId: string,
    name: string,
    settings: WatchlistSettings | undefined,
  ): Promise<Result<WatchlistGroup>> {
    return inTransaction(this.db, async (c) => {
      await repo.lockClient(c, clientId);
      const group = await resolveGroup(c, clientId, watchId);
      if (!group) return reject('EGN005');
      const current = group.kind === 'own' ? group.row.name : group.name;
      const renaming = name.trim() !== current;
      if (renaming) {
        if (group.kind !== 'own' || group.row.channel !== 'WEB') return reject('WLS008');
        const groups = (await repo.listGroups(c, clientId)).filter((g) => g.channel === 'WEB');
        const problem = checkWatchlistRename(name, watchId, groups.map(facts));
        if (problem !== null) return rejectName(problem);
        await repo.renameGroup(c, clientId, group.row.id, name.trim());
      }
      if (settings) await repo.saveSettings(c, clientId, watchId, normaliseSettings(settings));
      const prefs = await repo.listPrefs(c, clientId);
      return ok(
        group.kind === 'own'
          ? groupOf({ ...group.row, name: renaming ? name.trim() : current }, prefs)
          : predefOf(group.id, group.name, prefs),
      );
    });
  }

  async deleteGroups(clientId: number, watchIds: readonly string[]): Promise<Result<{ deleted: number }>> {
    const ids = [...new Set(watchIds)];
    const problem = checkDeleteWatchlists(ids);
    if (problem !== null) return reject('WLS004');
    return inTransaction(this.db, async (c) => {
      await repo.lockClient(c, clientId);
      const rows: number[] = [];
      for (const id of ids) {
        const group = await resolveGroup(c, clientId, id);
        if (!group) return reject('EGN005');
        if (group.kind !== 'own' || group.row.channel !== 'WEB') return reject('WLS008');
        rows.push(group.row.id);
      }
      return ok({ deleted: await repo.deleteGroups(c, clientId, rows) });
    });
  }

  async addSymbol(clientId: number, watchId: string, sym: SymbolObject): Promise<Result<{ uniqueId: string }>> {
    const instrument = this.instrumentOf(sym);
    return inTransaction(this.db, async (c) => {
      await repo.lockClient(c, clientId);
      const group = await resolveGroup(c, clientId, watchId);
      if (!group) return reject('EGN005');
      if (group.kind !== 'own' || group.row.channel !== 'WEB') return reject('WLS008');
      if (!instrument) return reject('MKT001');
      const existing = (await this.listedScrips(c, group.row.id)).listed.map((s) => s.stored);
      const identity = {
        id: instrument.id,
        exc: instrument.exc,
        assetClass: instrument.assetClass,
        trSymbol: instrument.trSymbol,
      };
      if (checkAddScrip(identity, existing.map(identityOf)) !== null) return reject('WLS006');
      if (existing.length >= MAX_SCRIPS_PER_WATCHLIST) return reject('WLS010');
      await repo.insertSymbol(c, group.row.id, {
        instrumentId: instrument.id,
        exc: instrument.exc,
        assetClass: instrument.assetClass,
        trSymbol: instrument.trSymbol,
      });
      return ok({ uniqueId: `${instrument.exc}|${instrument.id}` });
    });
  }

  async deleteSymbols(
    clientId: number,
    watchId: string,
    symGroup: readonly SymbolObject[],
  ): Promise<Result<{ deleted: number }>> {
    return inTransaction(this.db, async (c) => {
      await repo.lockClient(c, clientId);
      const group = await resolveGroup(c, clientId, watchId);
      if (!group) return reject('EGN005');
      if (group.kind !== 'own' || group.row.channel !== 'WEB') return reject('WLS008');
      if (symGroup.length === 0) return invalidRequest('symGroup: no scrip chosen');
      const { listed, expired } = await this.listedScrips(c, group.row.id);
      const existing = listed.map((s) => s.stored);
      const chosen = new Set<number>();
      // A contract the day roll dropped, still on a screen loaded before it: its row is gone (just now, or when the
      // group was last read), as the client asks, so it is no refusal.
      let gone = 0;
      for (const sym of symGroup) {
        const identity = {
          id: sym.id,
          exc: sym.exc,
          assetClass: sym.assetClass ?? null,
          trSymbol: sym.trSymbol ?? null,
        };
        const found = existing.find((s) => isSameScrip(identityOf(s), identity));
        if (found) chosen.add(found.id);
        else if (expired.some((s) => isSameScrip(identityOf(s), identity))) gone++;
        else if (this.instrumentOf(sym) || !EXPIRING_ASSET_CLASSES.has(identity.assetClass ?? ''))
          return reject('WLS009');
      }
      if (chosen.size === 0) return ok({ deleted: gone });
      if (checkDeleteScrips(chosen.size, existing.length) !== null) return reject('WLS005');
      return ok({ deleted: gone + (await repo.deleteSymbols(c, group.row.id, [...chosen])) });
    });
  }

  async listSymbols(clientId: number, watchId: string): Promise<Result<{ symbols: WatchlistSymbolRow[] }>> {
    const group = await resolveGroup(this.db, clientId, watchId);
    if (!group) return reject('EGN005');
    const market = this.market();
    const instruments =
      group.kind === 'predef'
        ? constituentsOf(market, predefinedGroup(group.id)!)
        : (await this.listedScrips(this.db, group.row.id)).listed.map((s) => s.instrument);
    return ok({ symbols: instruments.flatMap((i) => watchlistRowOf(market, i) ?? []) });
  }

  async updateFavourite(
    clientId: number,
    watchId: string,
    favId: '0' | '1' | '2',
  ): Promise<Result<{ watchId: string; favid: '0' | '1' | '2' }>> {
    return inTransaction(this.db, async (c) => {
      await repo.lockClient(c, clientId);
      const group = await resolveGroup(c, clientId, watchId);
      if (!group) return reject('EGN005');
      if (favId !== '0') {
        const prefs = await repo.listPrefs(c, clientId);
        const holder = [...prefs.entries()].find(([id, p]) => id !== watchId && p.favid === favId);
        if (holder) return reject('WLS007');
      }
      await repo.saveFavourite(c, clientId, watchId, favId);
      return ok({ watchId, favid: favId });
    });
  }
}

function identityOf(s: repo.StoredSymbol) {
  return { id: s.instrumentId, exc: s.exc, assetClass: s.assetClass, trSymbol: s.trSymbol };
}

/** The name validator's answer as an answer code carrying the spec's text. */
function rejectName(problem: string) {
  if (problem === reject('WLS001').message) return reject('WLS001');
  if (problem === reject('WLS002').message) return reject('WLS002');
  return reject('WLS003', problem);
}
