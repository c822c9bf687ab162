import {
  canTradeExchange,
  deriveAbilities,
  checkSquareOff,
  edisApprovalRequired,
  isSpread,
  formatScaled,
  normaliseOrderForm,
  parsePrice,
  priceDecimalsOf,
  segmentOf,
  tradingText,
  validateOrderEntry,
  type Abilities,
  type ChargesResponse,
  type OrderForm,
  type ProductType,
  type TradingExchange,
} from '@kite/domain';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button } from '../../components/button/Button.tsx';
import { Dialog, showMessage } from '../../components/dialog/index.ts';
import { useLoginState } from '../../lib/session/session-store.ts';
import { streamKeyFor, useStreamRegistration } from '../../lib/stream/stream.ts';
import { useLevel1 } from '../../lib/stream/tick-store.ts';
import { searchSymbols } from '../market-data/search-symbols.ts';
import type { ScripRef } from '../market-data/selected-scrip.ts';
import { mayTrade } from '../market-data/trade-permission.ts';
import { forgotTpin, forgotTpinWithConfirmation } from '../security/tpin-actions.ts';
import { openExternalLink, startMtfActivation } from '../shell-dialogs/index.ts';
import { placeOrder } from './api/add-order.ts';
import { placeSpreadOrder } from './api/add-spread-order.ts';
import { countOutstandingOrders } from './api/get-outstanding-orders.ts';
import { fetchCharges } from './api/get-charges.ts';
import { changeOrder } from './api/modify-order.ts';
import { useDepthShown } from './dialog-state.ts';
import { startEdis, storedNonPoaDemats } from './edis.ts';
import { liveFigures } from './live-figures.ts';
import type { OrderEntryOptions } from './order-entry-options.ts';
import { initialOrderForm, reduceOrderForm, type FormAction } from './order-form-state.ts';
import { basketItem, chargesPayload, factsFromQuote, ordersTabOf, placeOrderPayload, spreadOrderPayload } from './order-payloads.ts';
import { OrderConfirmPage } from './OrderConfirmPage.tsx';
import { OrderInputPage } from './OrderInputPage.tsx';
import { OrderResultPage, type OrderOutcome } from './OrderResultPage.tsx';
import { ORDER_DIALOG_SCREEN, QuotePanel } from './QuotePanel.tsx';
import { SurveillancePage } from './SurveillancePage.tsx';
import { messageOf, useCoverRange, useQuoteAndHoldings, useRequiredMargin } from './use-order-data.ts';
import styles from './order-entry.module.css';

const t = tradingText.orderEntry;
type Page = 'input' | 'confirm' | 'surveillance' | 'result';

export type OrderDialogExit = { goTo: 'myorders'; tab: ReturnType<typeof ordersTabOf> } | undefined;

/** Exchanges offered for a scrip (trading.md 2.2): MCX and NCDEX only when enabled for the client. */
function exchangesFor(scrip: ScripRef | null, abilities: Abilities): TradingExchange[] {
  if (!scrip || scrip.sym.instr.includes('SPR')) return [];
  const segment = segmentOf(scrip.sym.instr, scrip.sym.exc);
  const pairs: Record<string, TradingExchange[]> = {
    equity: ['NSE', 'BSE'],
    fno: ['NFO', 'BFO'],
    commodity: ['MCX', 'NCDEX'],
  };
  return (pairs[segment] ?? []).filter((exc) => exc === scrip.sym.exc || canTradeExchange(abilities, exc));
}

const EDIS_RECHECK_MS = 3_000;

function showPlaceOrderError(message: string): Promise<void> {
  return showMessage({ header: t.errorTitle, message });
}

export interface OrderDialogProps {
  options: OrderEntryOptions;
  close: (exit?: OrderDialogExit) => void;
}

/** The order dialog (trading.md 2.2, 4.1): input, confirmation, surveillance and result pages. */
export function OrderDialog({ options, close }: OrderDialogProps) {
  const login = useLoginState();
  const abilities = useMemo(
    () => (login ? deriveAbilities(login.accountDetails, login.flags) : null),
    [login],
  );
  const nonPoa = useMemo(() => storedNonPoaDemats(), []);
  const [scrip, setScrip] = useState<ScripRef | null>(options.scrip ?? null);
  const [form, setForm] = useState<OrderForm>(() =>
    normaliseOrderForm(initialOrderForm(options, nonPoa ? 'IN_DP_WITHOUT_POA' : 'IN_DP'), options.scrip?.sym.instr ?? 'STK'),
  );
  const [page, setPage] = useState<Page>('input');
  const [quoteVersion, setQuoteVersion] = useState(0);
  const [charges, setCharges] = useState<ChargesResponse | null>(null);
  const [outcome, setOutcome] = useState<OrderOutcome | null>(null);
  const [busy, setBusy] = useState(false);
  const depthShown = useDepthShown();

  const instr = scrip?.sym.instr ?? 'STK';
  const decimals = priceDecimalsOf(instr, scrip?.sym.exc);
  const [holdingsVersion, setHoldingsVersion] = useState(0);
  const [edisStarted, setEdisStarted] = useState(false);
  const { quote, holdings } = useQuoteAndHoldings(scrip, quoteVersion, holdingsVersion);
  const quoteData = quote.status === 'ok' ? quote.data : null;
  const coverRange = useCoverRange(scrip, form);
  const requiredMargin = useRequiredMargin(scrip, form);
  const streamKey = scrip
    ? streamKeyFor({ exc: scrip.sym.exc, streamSym: scrip.streamSym, exc_seg: scrip.sym.exc_seg, xSym: scrip.sym.xSym })
    : null;
  useStreamRegistration(ORDER_DIALOG_SCREEN, streamKey ? [streamKey] : [], 'level1');
  const tick = useLevel1(streamKey);
  const live = liveFigures(quoteData?.quote ?? null, quote.status === 'error' ? undefined : tick);
  const facts = scrip ? factsFromQuote(scrip, quoteData?.quote ?? null) : null;
  const lot = facts?.lot ?? 1;
  const tickSize = facts ? formatScaled(facts.tickSize, decimals) : '0.05';
  const approvedQty = holdings.status === 'ok' ? holdings.data.holdings.cash.confNonPoaQty : 0;
  // trading.md 4.2: the approval is given on the depository page in another tab; until it shows here, the holdings
  // are read again when the client comes back to this window and every few seconds, so SUBMIT E-DIS turns into
  // CONFIRM ORDER without reopening the dialog.
  const awaitingEdis = edisStarted && nonPoa !== null && edisApprovalRequired(form, approvedQty);
  useEffect(() => {
    if (!awaitingEdis) return;
    const recheck = () => setHoldingsVersion((v) => v + 1);
    const timer = setInterval(recheck, EDIS_RECHECK_MS);
    window.addEventListener('focus', recheck);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', recheck);
    };
  }, [awaitingEdis]);

  const dispatch = useCallback(
    (change: FormAction) => {
      setForm((f) => reduceOrderForm(f, change, instr));
      // trading.md 4.1: choosing Not in DP or In DP without POA re-fetches the quote.
      if (change.type === 'sellSource' && change.sellSource !== 'IN_DP') setQuoteVersion((v) => v + 1);
    },
    [instr],
  );

  // The first quote of a scrip sets the defaults of a new order (trading.md 4.1): quantity to the lot size, price to
  // the last price. A re-fetch (sell source changed) keeps what the client typed.
  // A basket line being modified keeps its own quantity and price (trading.md 2.8 MODIFY).
  const [defaultsFor, setDefaultsFor] = useState<ScripRef | null>(() => (options.basket?.initial ? (options.scrip ?? null) : null));
  useEffect(() => {
    if (!quoteData || !scrip || defaultsFor === scrip) return;
    setDefaultsFor(scrip);
    setForm((f) =>
      reduceOrderForm(
        f,
        { type: 'scrip', scrip: { instr: scrip.sym.instr, exchange: scrip.sym.exc, lastPrice: quoteData.quote.ltp, lot: quoteData.quote.lot } },
        scrip.sym.instr,
      ),
    );
  }, [quoteData, scrip, defaultsFor]);

  if (!login || !abilities) return null;
  const modify = form.entryType === 'MODIFY';
  const side = form.action === 'buy' ? 'BUY' : 'SELL';
  const edisNeeded =
    !options.basket && segmentOf(instr, scrip?.sym.exc) === 'equity' && nonPoa !== null && edisApprovalRequired(form, approvedQty);

  const chooseScrip = (next: ScripRef) => {
    setScrip(next);
    setQuoteVersion((v) => v + 1);
  };

  const switchExchange = async (exc: string) => {
    if (!scrip) return;
    const segment = segmentOf(scrip.sym.instr, scrip.sym.exc);
    try {
      const results = await searchSymbols({
        text: scrip.displaySym.split(' ')[0] ?? scrip.displaySym,
        tab: segment === 'spread' ? 'fno' : segment,
        assetClass: segment === 'equity' ? null : scrip.sym.instr.startsWith('OPT') ? 'OPTION' : 'FUTURE',
      });
      const match = results.find((r) => r.sym.exc === exc && r.displaySym === scrip.displaySym && r.tradable);
      if (match) chooseScrip({ sym: match.sym, displaySym: match.displaySym, companyName: match.companyName, streamSym: match.streamSym, tradable: match.tradable });
    } catch {
      // The current exchange stays chosen.
    }
  };

  const chooseProduct = async (product: ProductType) => {
    // trading.md 5.1: margin trading on an exchange not enabled for the client asks for activation first.
    if (product === 'MARGIN' && scrip) {
      const exc = scrip.sym.exc === 'BSE' ? 'BSE' : 'NSE';
      if (!abilities.marginTrading[exc]) {
        const outcome = await startMtfActivation();
        if (outcome !== 'activated') return;
      }
    }
    dispatch({ type: 'product', product, scrip: scrip ? { instr: scrip.sym.instr, exchange: scrip.sym.exc, lastPrice: live.ltp, lot } : null });
  };

  const check = (): boolean => {
    if (scrip && !mayTrade(scrip.sym, abilities)) {
      void showPlaceOrderError(tradingText.segmentNotSubscribed);
      return false;
    }
    const result = validateOrderEntry(form, facts, {
      now: Date.now(),
      edisApprovedQuantity: approvedQty,
      coverTriggerRange: coverRange,
      lastPrice: parsePrice(live.ltp, decimals),
    });
    if (!result.ok) {
      void showPlaceOrderError(result.message);
      return false;
    }
    return true;
  };

  const confirm = async () => {
    if (!check() || !scrip) return;
    if (form.entryType === 'SQUAREOFF') {
      // trading.md 5.1 "Other order rules": no square-off while orders in this contract and product are outstanding.
      const refusal = checkSquareOff(await countOutstandingOrders(scrip.sym, form.product).catch(() => 0), form.product);
      if (refusal) {
        await showPlaceOrderError(refusal);
        return;
      }
    }
    setCharges(null);
    setPage('confirm');
    fetchCharges(chargesPayload(form, scrip, lot, live.ltp)).then(setCharges, () => undefined);
  };

  const addToBasket = async () => {
    if (!options.basket || !check() || !scrip) return;
    setBusy(true);
    try {
      await options.basket.onAdd(basketItem(form, scrip));
      close();
    } catch (error) {
      await showMessage({ message: messageOf(error) });
    } finally {
      setBusy(false);
    }
  };

  const submit = async () => {
    if (!scrip) return;
    setBusy(true);
    try {
      const order = modify ? options.order : undefined;
      const answer = isSpread(scrip.sym.instr)
        ? await placeSpreadOrder(
            spreadOrderPayload(form, scrip, order && { orderId: order.orderId, tradedQty: order.tradedQty, nestRequestId: order.nestRequestId }),
            crypto.randomUUID(),
          )
        : order
          ? await changeOrder({ ...placeOrderPayload(form, scrip, { orderId: order.orderId, tradedQty: order.tradedQty }), orderId: order.orderId })
          : await placeOrder(placeOrderPayload(form, scrip), crypto.randomUUID());
      setOutcome({ ok: true, headline: modify ? t.modifiedHeadline : t.placedHeadline, message: answer.msg, orderId: answer.orderId });
    } catch (error) {
      setOutcome({ ok: false, headline: t.failedHeadline, message: messageOf(error), orderId: '' });
    } finally {
      setBusy(false);
      setPage('result');
    }
  };

  const submitFromConfirm = () => {
    if (quoteData?.quote.survId) setPage('surveillance');
    else void submit();
  };

  const title = (() => {
    switch (page) {
      case 'input':
        return options.basket ? t.addToBasketHeader : modify ? t.modifyHeader : t.entryHeader(side);
      case 'confirm':
        return t.confirmTitle(modify, side);
      case 'surveillance':
        return modify ? t.modifyHeader : t.entryHeader(side);
      case 'result':
        return outcome?.ok ? t.success : t.failed;
      default: {
        const unknown: never = page;
        throw new Error(`Unknown page ${String(unknown)}`);
      }
    }
  })();

  const footer = (() => {
    switch (page) {
      case 'input':
        return (
          <div className={styles.footer}>
            {nonPoa && nonPoa.demats[0]?.dpType === 'CDSL' && (
              <nav className={styles.links} aria-label="CDSL">
                <button type="button" className={styles.link} onClick={() => void forgotTpinWithConfirmation(login.userId)}>
                  {tradingText.edis.generateTpin}
                </button>
                <button type="button" className={styles.link} onClick={() => void openExternalLink(tradingText.orderDialog.edisFaqUrl)}>
                  {tradingText.edis.edisFaq}
                </button>
                <button type="button" className={styles.link} onClick={() => void forgotTpin(login.userId)}>
                  {tradingText.edis.forgetTpin}
                </button>
              </nav>
            )}
            <span className={styles.spacer} />
            <Button onClick={() => close()}>{t.cancel}</Button>
            {options.basket ? (
              <Button variant="primary" disabled={busy} onClick={() => void addToBasket()}>
                {t.addToBasket}
              </Button>
            ) : edisNeeded && scrip ? (
              <Button
                variant="primary"
                onClick={() => {
                  setEdisStarted(true);
                  void startEdis(scrip, form.quantity, nonPoa);
                }}
              >
                {t.submitEdis}
              </Button>
            ) : (
              <Button variant={form.action === 'buy' ? 'buy' : 'sell'} onClick={() => void confirm()}>
                {t.confirmOrder}
              </Button>
            )}
          </div>
        );
      case 'confirm':
        return (
          <>
            <Button onClick={() => setPage('input')}>{t.cancel}</Button>
            <Button variant={form.action === 'buy' ? 'buy' : 'sell'} autoFocus disabled={busy} onClick={submitFromConfirm}>
              {busy ? tradingText.orderDialog.submitting : t.submitOrder}
            </Button>
          </>
        );
      case 'surveillance':
        return (
          <>
            <Button onClick={() => setPage('confirm')}>{t.no}</Button>
            <Button variant="primary" autoFocus disabled={busy} onClick={() => void submit()}>
              {t.yes}
            </Button>
          </>
        );
      case 'result':
        return outcome?.ok ? (
          <Button variant="primary" autoFocus onClick={() => close(scrip ? { goTo: 'myorders', tab: ordersTabOf(scrip) } : undefined)}>
            {t.okay}
          </Button>
        ) : (
          <Button variant="primary" autoFocus onClick={() => setPage('input')}>
            {t.retry}
          </Button>
        );
      default:
        return null;
    }
  })();

  const sideClass = page === 'result' ? (outcome?.ok ? styles.success : styles.failure) : styles[form.action];
  return (
    <Dialog
      title={title}
      size={page === 'input' ? 'large' : 'small'}
      className={[styles.dialog, sideClass, page === 'input' ? styles.wide : ''].filter(Boolean).join(' ')}
      onDismiss={() => close()}
      footer={footer}
    >
      {page === 'input' && (
        <div className={styles.layout} aria-busy={quote.status === 'loading'} data-quote={quote.status}>
          <OrderInputPage
            form={form}
            dispatch={dispatch}
            scrip={scrip}
            onScrip={chooseScrip}
            abilities={abilities}
            live={live}
            decimals={decimals}
            lot={lot}
            tickSize={tickSize}
            quoteError={quote.status === 'error' ? quote.message : null}
            nonPoa={nonPoa !== null}
            requiredMargin={requiredMargin}
            exchanges={exchangesFor(scrip, abilities)}
            onExchange={(exc) => void switchExchange(exc)}
            onProduct={(product) => void chooseProduct(product)}
          />
          {scrip && streamKey && (
            <QuotePanel
              scrip={scrip}
              quote={quoteData}
              live={live}
              decimals={decimals}
              streamKey={streamKey}
              holdings={holdings}
              depthShown={depthShown}
            />
          )}
        </div>
      )}
      {page === 'confirm' && scrip && <OrderConfirmPage form={form} scrip={scrip} charges={charges} />}
      {page === 'surveillance' && <SurveillancePage note={quoteData?.quote.survMsg ?? null} />}
      {page === 'result' && outcome && scrip && (
        <OrderResultPage outcome={outcome} symbol={scrip.displaySym} exchange={scrip.sym.exc} />
      )}
    </Dialog>
  );
}
