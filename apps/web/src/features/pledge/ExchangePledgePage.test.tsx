import type { ExchangePledgeItem } from '@kite/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeAllDialogs } from '../../components/dialog/index.ts';
import { loginFixture } from '../../app/shell/testing/login-fixture.ts';
import { sessionStore } from '../../lib/session/session-store.ts';
import { session, storageKeys } from '../../lib/storage/storage.ts';
import { fakeServer, type FakeAnswer } from '../../test/fake-server.ts';
import { renderScreen } from '../orders/testing/order-fixtures.tsx';
import { ExchangePledgePage } from './ExchangePledgePage.tsx';

const item = (change: Partial<ExchangePledgeItem> = {}): ExchangePledgeItem => ({
  symbol: 'TCS',
  isin: 'INE467B01029',
  demat: '1208160000000001',
  freeQty: 8,
  toPledgeQty: 8,
  toUnPledgeQty: 0,
  segments: [
    { name: 'CM', quantity: 0 },
    { name: 'FO', quantity: 0 },
    { name: 'CDS', quantity: 0 },
  ],
  request: '',
  ...change,
});

const lists = (rePledge: ExchangePledgeItem[], reUnpledge: ExchangePledgeItem[] = [], over: object = {}) => ({
  data: { state: 'ENABLED', exErr: [], ExchangePledgeUnpledge: { rePledge, reUnpledge }, status: '', ...over },
});

const openDialogs = () => [...screen.queryAllByRole('alertdialog'), ...screen.queryAllByRole('dialog')];
function findDialog(): Promise<HTMLElement> {
  return waitFor(() => {
    const dialog = openDialogs()[0];
    if (!dialog) throw new Error('no dialog open');
    return dialog;
  });
}
async function answerDialog(user: ReturnType<typeof userEvent.setup>, button: string) {
  const dialog = await findDialog();
  await user.click(within(dialog).getByRole('button', { name: button }));
  await waitFor(() => expect(dialog.isConnected).toBe(false));
}
async function setNumber(user: ReturnType<typeof userEvent.setup>, label: string, value: string) {
  const input = screen.getByLabelText(label);
  await user.clear(input);
  await user.type(input, value);
}
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

beforeEach(() => sessionStore.signIn(loginFixture({ equity_flag: 'Y', bse_permission: 'Y' })));
afterEach(() => {
  closeAllDialogs();
  vi.unstubAllGlobals();
  sessionStore.signOut();
});

describe('Exchange pledge (/home/ExchangePledge, investing.md 2, 4, 5, 8)', () => {
  it("says 'This feature will come soon !!' when DISABLED, and clears the stored partner app key", async () => {
    session.set(storageKeys.appKey, 'PARTNER');
    fakeServer({ '/Exchange/PledgeUnpledge': () => lists([], [], { state: 'DISABLED' }) });
    renderScreen('ExchangePledge', <ExchangePledgePage />);
    expect(await screen.findByText('This feature will come soon !!')).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
    expect(session.get(storageKeys.appKey)).toBeNull();
  });

  it("shows the list error inline and 'No data Avaliable' for an empty list", async () => {
    const user = userEvent.setup();
    let answer: FakeAnswer = { infoID: 'EGN008', infoMsg: 'Exchange not reachable' };
    fakeServer({ '/Exchange/PledgeUnpledge': () => answer });
    const { client } = renderScreen('ExchangePledge', <ExchangePledgePage />);
    expect((await screen.findByRole('alert')).textContent).toContain('Exchange not reachable');
    answer = lists([item()]);
    await client.refetchQueries();
    await screen.findByText('TCS');
    await user.click(screen.getByRole('tab', { name: 'EXCHANGE UNPLEDGE' }));
    expect(await screen.findByText('No data Avaliable')).toBeTruthy();
  });

  it('enables segment inputs on tick, disables submit over free, confirms and sends EPLEDGE, then SUCCESS', async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      '/Exchange/PledgeUnpledge': (data) =>
        data.reqType === 'EXCHANGE_PLEDGE_UNPLEDGE'
          ? lists([item()], [], { exErr: ['CDS'] })
          : lists([], [], { status: 'SUCCESS' }),
    });
    renderScreen('ExchangePledge', <ExchangePledgePage />);
    await screen.findByText('TCS');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['EXCHANGE PLEDGE', 'EXCHANGE UNPLEDGE']);
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent?.replace('↕', ''));
    expect(headers).toEqual(expect.arrayContaining(['Select', 'Symbol', 'ISIN', 'Exchange Pledge Qty', 'Segment']));
    expect(button('EXCHANGE PLEDGE').disabled).toBe(true);

    await user.click(screen.getByRole('checkbox', { name: 'Select TCS' }));
    expect(button('EXCHANGE PLEDGE').disabled).toBe(false);
    const cm = screen.getByLabelText('TCS CM quantity') as HTMLInputElement;
    expect(cm.disabled).toBe(false);
    expect((screen.getByLabelText('TCS CDS quantity') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('You are not enabled for segment CDS.')).toBeTruthy();

    await setNumber(user, 'TCS CM quantity', '6');
    await setNumber(user, 'TCS FO quantity', '3');
    expect(screen.getByRole('alert').textContent).toBe('Your total qty is 9 qty can not be greater than 8');
    expect(button('EXCHANGE PLEDGE').disabled).toBe(true);
    expect(screen.getByText('9/8')).toBeTruthy();
    await setNumber(user, 'TCS FO quantity', '2');
    await user.click(button('EXCHANGE PLEDGE'));
    expect((await findDialog()).textContent).toContain('Are you sure to submit Pledge request.');
    await answerDialog(user, 'YES');
    expect((await findDialog()).textContent).toContain('SUCCESS');
    expect(server.calls.find((c) => c.data.reqType === 'EPLEDGE')?.data).toMatchObject({
      symbols: [
        {
          symbol: 'TCS',
          isin: 'INE467B01029',
          demat: '1208160000000001',
          segments: [
            { name: 'CM', quantity: 6 },
            { name: 'FO', quantity: 2 },
            { name: 'CDS', quantity: 0 },
          ],
        },
      ],
    });
    await answerDialog(user, 'OK');
    await waitFor(() =>
      expect(server.calls.filter((c) => c.data.reqType === 'EXCHANGE_PLEDGE_UNPLEDGE').length).toBe(2),
    );
  });

  it('EXCHANGE UNPLEDGE takes at most what each segment holds', async () => {
    const user = userEvent.setup();
    const marked = item({
      freeQty: 7,
      toUnPledgeQty: 7,
      segments: [
        { name: 'CM', quantity: 2 },
        { name: 'FO', quantity: 5 },
        { name: 'CDS', quantity: 0 },
      ],
    });
    const server = fakeServer({
      '/Exchange/PledgeUnpledge': (data) =>
        data.reqType === 'EXCHANGE_PLEDGE_UNPLEDGE' ? lists([], [marked]) : lists([], [], { status: 'SUCCESS' }),
    });
    renderScreen('ExchangePledge', <ExchangePledgePage />);
    await user.click(await screen.findByRole('tab', { name: 'EXCHANGE UNPLEDGE' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Select TCS' }));
    await setNumber(user, 'TCS CM quantity', '3');
    expect((screen.getByLabelText('TCS CM quantity') as HTMLInputElement).value).not.toBe('3');
    await user.click(screen.getByRole('button', { name: 'Increase TCS CM quantity' }));
    await user.click(screen.getByRole('button', { name: 'Increase TCS CM quantity' }));
    await user.click(screen.getByRole('button', { name: 'Increase TCS CM quantity' }));
    expect((screen.getByLabelText('TCS CM quantity') as HTMLInputElement).value).toBe('2');
    await user.click(button('EXCHANGE UNPLEDGE'));
    await answerDialog(user, 'YES');
    expect((await findDialog()).textContent).toContain('SUCCESS');
    expect(server.calls.find((c) => c.data.reqType === 'EUNPLEDGE')?.data).toMatchObject({
      symbols: [
        {
          segments: [
            { name: 'CM', quantity: 2 },
            { name: 'FO', quantity: 0 },
            { name: 'CDS', quantity: 0 },
          ],
        },
      ],
    });
  });

  it("asks for a quantity, and says 'Somthing went wrong' when the submit fails", async () => {
    const user = userEvent.setup();
    fakeServer({
      '/Exchange/PledgeUnpledge': (data) =>
        data.reqType === 'EXCHANGE_PLEDGE_UNPLEDGE' ? lists([item()]) : { infoID: 'PLG002', infoMsg: 'refused' },
    });
    renderScreen('ExchangePledge', <ExchangePledgePage />);
    await user.click(await screen.findByRole('checkbox', { name: 'Select TCS' }));
    await user.click(button('EXCHANGE PLEDGE'));
    expect((await findDialog()).textContent).toContain('Quantity can not be 0');
    await answerDialog(user, 'OK');
    await setNumber(user, 'TCS CM quantity', '1');
    await user.click(button('EXCHANGE PLEDGE'));
    await answerDialog(user, 'YES');
    expect((await findDialog()).textContent).toContain('Somthing went wrong');
  });
});
