import { investingText, type IpoMaster, type IpoOrder } from '@kite/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { confirmDialog, showError, showMessage } from '../../components/dialog/index.ts';
import { IconButton } from '../../components/icon-button/IconButton.tsx';
import { InfoIcon } from '../../components/icons/icons.tsx';
import { useLoginState } from '../../lib/session/session-store.ts';
import { fetchIpoHelpHours, submitIpoBid, useOngoingIpos } from './api/ipo-calls.ts';
import { changeRefusal } from './ipo-rules.ts';
import { OngoingTab } from './OngoingTab.tsx';
import { OrderBookTab } from './OrderBookTab.tsx';
import { PlaceOrder } from './PlaceOrder.tsx';
import { cancelRequestOf } from './place-order-form.ts';
import { UpcomingTab } from './UpcomingTab.tsx';
import styles from './ipo.module.css';
import { TabList } from '../../components/tabs/index.ts';

const text = investingText.ipo;

type Tab = 'ongoing' | 'orderBook' | 'upcoming';
interface Placing {
  master: IpoMaster;
  order?: IpoOrder;
  upiHandlers: readonly string[];
}

/** /home/ipo (investing.md 2 "IPO", 4 "IPO"): the Ongoing and Order Book tabs, and the place-order view. */
export function IpoPage() {
  const login = useLoginState();
  const baseId = useId();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  // /IPOOrder lands on ?segment=orderbook (platform SSO); ?tab=upcoming reaches the unlisted Upcoming handler.
  const [tab, setTab] = useState<Tab>(() =>
    params.get('segment') === 'orderbook' ? 'orderBook' : params.get('tab') === 'upcoming' ? 'upcoming' : 'ongoing',
  );
  const [placing, setPlacing] = useState<Placing | null>(null);
  const ongoing = useOngoingIpos();

  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['ipo'] });
  const toOrderBook = () => {
    setPlacing(null);
    setTab('orderBook');
    refresh();
  };

  const modify = (order: IpoOrder) => {
    const refusal = changeRefusal(order, 'modify');
    const master = ongoing.data?.ipoMaster.find((m) => m.symbol === order.symbol);
    if (refusal || !master) {
      void showMessage({
        header: text.messageTitle,
        message: refusal ?? text.modifyClosed(order.dailyStartTime, order.dailyEndTime),
      });
      return;
    }
    setPlacing({ master, order, upiHandlers: ongoing.data?.ipoUpiHandler ?? [] });
  };

  const cancel = async (order: IpoOrder) => {
    const refusal = changeRefusal(order, 'cancel');
    if (refusal) return showMessage({ header: text.messageTitle, message: refusal });
    if (
      !(await confirmDialog({
        header: text.messageTitle,
        message: text.confirmCancel,
        positive: text.yes,
        negative: text.no,
      }))
    )
      return;
    try {
      await submitIpoBid(cancelRequestOf(order));
    } catch (error) {
      return showError((error as Error).message, text.errorTitle);
    }
    await showMessage({ header: text.successTitle, message: text.cancelled });
    refresh();
  };

  const tabs: { id: Tab; label: string }[] = [
    { id: 'ongoing', label: text.tabs.ongoing },
    { id: 'orderBook', label: text.tabs.orderBook },
  ];
  const panelId = `${baseId}-panel`;
  const tabId = (id: Tab) => `${baseId}-tab-${id}`;

  return (
    <section className={styles.page} aria-labelledby={`${baseId}-title`}>
      <header className={styles.toolbar}>
        <h1 id={`${baseId}-title`} className={styles.title}>
          {text.title}
        </h1>
        {placing ? null : (
          <TabList
            tabs={tabs}
            selected={tab}
            onSelect={setTab}
            label={text.title}
            panelId={panelId}
            tabId={tabId}
            className={styles.tabs}
            tabClassName={styles.tab}
          />
        )}
        <span className={styles.clientId}>
          {login?.userId ? text.clientId(login.userId) : null}
          <IconButton
            label={text.infoTitle}
            icon={<InfoIcon />}
            onClick={() =>
              void fetchIpoHelpHours().then((hours) =>
                showMessage({ header: text.infoTitle, message: text.info(hours) }),
              )
            }
          />
        </span>
      </header>
      {placing ? (
        <PlaceOrder
          key={`${placing.master.symbol}-${placing.order?.applicationNumber ?? 'new'}`}
          master={placing.master}
          upiHandlers={placing.upiHandlers}
          {...(placing.order ? { order: placing.order } : {})}
          onBack={() => setPlacing(null)}
          onDone={toOrderBook}
        />
      ) : tab === 'orderBook' ? (
        <div id={panelId} role="tabpanel" aria-labelledby={tabId(tab)} className={styles.orderBook}>
          <OrderBookTab onModify={modify} onCancel={(o) => void cancel(o)} />
        </div>
      ) : (
        <div
          id={panelId}
          role="tabpanel"
          aria-labelledby={tab === 'ongoing' ? tabId(tab) : undefined}
          className={styles.panel}
        >
          {tab === 'ongoing' ? (
            <OngoingTab onBid={(master, upiHandlers) => setPlacing({ master, upiHandlers })} />
          ) : (
            <UpcomingTab />
          )}
        </div>
      )}
    </section>
  );
}
