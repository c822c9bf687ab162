import type { NsdlStatusReply, PledgeDemat, PledgeHolding } from '@kite/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeAllDialogs } from '../../components/dialog/index.ts';
import { loginFixture } from '../../app/shell/testing/login-fixture.ts';
import { sessionStore } from '../../lib/session/session-store.ts';
import { session, storageKeys } from '../../lib/storage/storage.ts';
import { fakeServer, type FakeAnswer } from '../../test/fake-server.ts';
import { renderScreen } from '../orders/testing/order-fixtures.tsx';
import { PledgeTabPanel } from './PledgeTabPanel.tsx';
import { PoaPledgePage } from './PoaPledgePage.tsx';

const holding = (symbol: string, isin: string, change: Partial<PledgeHolding> = {}): PledgeHolding => ({
  symbol,
  isin,
  segment: 'NSE',
  freeQty: 20,
  toPledgeQty: 20,
  toUnPledgeQty: 0,
  request: '',
  gatewaySource: 'CDSL',
  companyName: `${symbol} Ltd`,
  ...change,
});

const demat = (change: Partial<PledgeDemat> = {}): PledgeDemat => ({
  pledgerDemat: '1208160000000001',
  pledgerName: 'Aarav Sharma',
  mobile: '*****00001',
  dpName: 'Kite India Broking Ltd',
  pledgeeName: 'Kite India Broking Ltd - Client Securities Margin Pledge Account',
  pledgeeDematId: '1208160099999999',
  apiStatus: 'N',
  depository: 'CDSL',
  dpId: '12081600',
  data: [
    holding('TCS', 'INE467B01029'),
    holding('INFY', 'INE009A01021', { freeQty: 40, toPledgeQty: 40, request: 'Pledged' }),
  ],
  ...change,
});

type Handlers = Record<string, (data: Record<string, unknown>) => FakeAnswer>;

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
const submitButton = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

beforeEach(() => sessionStore.signIn(loginFixture({ equity_flag: 'Y', bse_permission: 'Y' })));
afterEach(() => {
  closeAllDialogs();
  vi.unstubAllGlobals();
  sessionStore.signOut();
  session.remove(storageKeys.pledgeReference);
});

describe('Depository pledge (/home/PoaPledge, investing.md 2, 4, 5, 8)', () => {
  const serve = (pledge: PledgeDemat[], unpledge: PledgeDemat[] = [], extra: Handlers = {}) =>
    fakeServer({
      '/Pledge/Detail': (data) => ({ data: { dematData: data.tab === 'PLEDGE' ? pledge : unpledge } }),
      ...extra,
    });

  it('shows the pledgeor and pledgee blocks, sortable rows, and enables submit only while a row is ticked', async () => {
    const user = userEvent.setup();
    serve([demat()]);
    renderScreen('PoaPledge', <PoaPledgePage />);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['PLEDGE', 'UNPLEDGE']);
    const pledgeor = await screen.findByRole('region', { name: 'PLEDGEOR DETAILS' });
    expect(pledgeor.textContent).toContain('Aarav Sharma');
    expect(pledgeor.textContent).toContain('*****00001');
    expect(screen.getByRole('region', { name: 'PLEDGEE DETAILS' }).textContent).toContain('1208160099999999');
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent?.replace('↕', ''));
    expect(headers).toEqual(['Select', 'Symbol', 'ISIN', 'Free QTY', 'To be Pledge Qty', 'Segment', 'Status']);
    const symbols = () =>
      screen
        .getAllByRole('row')
        .slice(1)
        .map((r) => within(r).getAllByRole('cell')[1]!.textContent);
    expect(symbols()).toEqual(['TCS', 'INFY']);
    await user.click(screen.getByRole('button', { name: 'Symbol' }));
    expect(symbols()).toEqual(['INFY', 'TCS']);

    expect(submitButton('Submit Pledge Request').disabled).toBe(true);
    expect(submitButton('UNSELECT ALL').disabled).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'Select TCS' }));
    expect(submitButton('Submit Pledge Request').disabled).toBe(false);
    await user.click(screen.getByRole('button', { name: 'UNSELECT ALL' }));
    expect(submitButton('Submit Pledge Request').disabled).toBe(true);
  });

  it('refuses quantities with the spec texts, then submits a plain pledge after YES and shows the MESSAGE', async () => {
    const user = userEvent.setup();
    const server = serve([demat()], [], {
      '/Pledge/Request': () => ({ data: { MESSAGE: 'Margin pledge Instructions done successfully !' } }),
    });
    renderScreen('PoaPledge', <PoaPledgePage />);
    await screen.findByText('TCS');
    await user.click(screen.getByRole('checkbox', { name: 'Select TCS' }));
    await setNumber(user, 'Quantity of TCS', '25');
    expect(screen.getByRole('alert').textContent).toBe('Your total qty is 25 qty can not be greater than 20');
    await user.click(submitButton('Submit Pledge Request'));
    expect((await findDialog()).textContent).toContain('Quantity can not be greater than to be Pledge');
    await answerDialog(user, 'OK');
    await setNumber(user, 'Quantity of TCS', '0');
    await user.click(submitButton('Submit Pledge Request'));
    expect((await findDialog()).textContent).toContain('Quantity can not be 0');
    await answerDialog(user, 'OK');

    await setNumber(user, 'Quantity of TCS', '7');
    await user.click(submitButton('Submit Pledge Request'));
    expect((await findDialog()).textContent).toContain('Are you sure to submit Pledge request.');
    await answerDialog(user, 'NO');
    expect(server.paths()).not.toContain('/Pledge/Request');
    await user.click(submitButton('Submit Pledge Request'));
    await answerDialog(user, 'YES');
    expect((await findDialog()).textContent).toContain('Margin pledge Instructions done successfully !');
    expect(server.calls.find((c) => c.path === '/Pledge/Request')?.data).toMatchObject({
      req_type: 'PLEDGE',
      demat: '1208160000000001',
      source: 'W',
      symbolArr: [{ symbol: 'TCS', isin: 'INE467B01029', segment: 'NSE', qty: 7 }],
    });
    const loads = server.paths().filter((p) => p === '/Pledge/Detail').length;
    await answerDialog(user, 'OK');
    await waitFor(() => expect(server.paths().filter((p) => p === '/Pledge/Detail').length).toBe(loads + 1));
  });

  it("says 'somthing went wrong' when the submit fails, and shows a load failure in place of the page", async () => {
    const user = userEvent.setup();
    serve([demat()], [], { '/Pledge/Request': () => ({ infoID: 'EGN002', infoMsg: 'Something went wrong' }) });
    renderScreen('PoaPledge', <PoaPledgePage />);
    await user.click(await screen.findByRole('checkbox', { name: 'Select TCS' }));
    await user.click(submitButton('Submit Pledge Request'));
    await answerDialog(user, 'YES');
    expect((await findDialog()).textContent).toContain('somthing went wrong');
    await answerDialog(user, 'OK');
    closeAllDialogs();
    vi.unstubAllGlobals();
    fakeServer({ '/Pledge/Detail': () => ({ infoID: 'EGN008', infoMsg: 'This service is temporarily unavailable.' }) });
    await user.click(screen.getByRole('tab', { name: 'UNPLEDGE' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This service is temporarily unavailable.');
  });

  it("tells why a pledge rule refused the submit (collateral in use), not 'somthing went wrong'", async () => {
    const user = userEvent.setup();
    const pledged = demat({ data: [holding('TCS', 'INE467B01029', { toUnPledgeQty: 8 })] });
    serve([demat()], [pledged], {
      '/Pledge/Request': () => ({
        infoID: 'PLG002',
        infoMsg: 'Unpledge is not possible now: the margin in use needs this collateral',
      }),
    });
    renderScreen('PoaPledge', <PoaPledgePage />);
    await user.click(screen.getByRole('tab', { name: 'UNPLEDGE' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Select TCS' }));
    await setNumber(user, 'Quantity of TCS', '2');
    await user.click(submitButton('Submit for UN-Pledge Request'));
    await answerDialog(user, 'YES');
    const dialog = await findDialog();
    expect(dialog.textContent).toContain('Unpledge is not possible now: the margin in use needs this collateral');
    expect(dialog.textContent).not.toContain('somthing went wrong');
  });

  it('unpledges: Req QTY starts at 0, refuses more than pledged, and sends UNPLEDGE', async () => {
    const user = userEvent.setup();
    const pledged = demat({ data: [holding('TCS', 'INE467B01029', { toUnPledgeQty: 8 })] });
    const server = serve([demat()], [pledged], {
      '/Pledge/Request': () => ({ data: { MESSAGE: 'Margin pledge Instructions done successfully !' } }),
    });
    renderScreen('PoaPledge', <PoaPledgePage />);
    await user.click(screen.getByRole('tab', { name: 'UNPLEDGE' }));
    await screen.findByRole('columnheader', { name: 'Pledge QTY' });
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent?.replace('↕', ''))).toEqual([
      'Select',
      'Symbol',
      'ISIN',
      'Pledge QTY',
      'Req QTY',
    ]);
    expect((screen.getByLabelText('Quantity of TCS') as HTMLInputElement).value).toBe('0');
    expect(submitButton('Submit for UN-Pledge Request').disabled).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'Select TCS' }));
    await user.click(submitButton('Submit for UN-Pledge Request'));
    expect((await findDialog()).textContent).toContain('Quantity can not be 0');
    await answerDialog(user, 'OK');
    await setNumber(user, 'Quantity of TCS', '9');
    await user.click(submitButton('Submit for UN-Pledge Request'));
    expect((await findDialog()).textContent).toContain('Req qty can not be greater than 8');
    await answerDialog(user, 'OK');
    await setNumber(user, 'Quantity of TCS', '3');
    await user.click(submitButton('Submit for UN-Pledge Request'));
    expect((await findDialog()).textContent).toContain('Are you sure to submit Un-Pledge request.');
    await answerDialog(user, 'YES');
    await findDialog();
    expect(server.calls.find((c) => c.path === '/Pledge/Request')?.data).toMatchObject({
      req_type: 'UNPLEDGE',
      symbolArr: [{ isin: 'INE467B01029', qty: 3 }],
    });
  });
});

describe('Depository pledge through the gateways (investing.md 4 (a), (b))', () => {
  const gateway = () => ({ postForm: vi.fn(), wait: vi.fn(() => Promise.resolve()), redirect: vi.fn() });
  const pledgeTcs = async (user: ReturnType<typeof userEvent.setup>, quantity: string) => {
    await user.click(await screen.findByRole('checkbox', { name: 'Select TCS' }));
    await setNumber(user, 'Quantity of TCS', quantity);
    await user.click(submitButton('Submit Pledge Request'));
    await answerDialog(user, 'YES');
  };

  it('CDSL: builds the security details (value 10) and sends the browser to the gateway', async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      '/Pledge/Online/CDSL': () => ({ data: { redirectUrl: '/depository/pledge/abc' } }),
    });
    const g = gateway();
    renderScreen(
      'PoaPledge',
      <PledgeTabPanel tab="PLEDGE" demats={[demat({ apiStatus: 'Y' })]} onDone={vi.fn()} gateway={g} />,
    );
    await pledgeTcs(user, '4');
    await waitFor(() => expect(g.redirect).toHaveBeenCalledWith('/depository/pledge/abc'));
    expect(server.calls[0]?.data).toMatchObject({
      source: 'W',
      demat: '1208160000000001',
      reqType: 'PLEDGE',
      secDtls: [{ symbol: 'TCS', isin: 'INE467B01029', value: '10', quantity: '4' }],
    });
  });

  const nsdlDemat = demat({ apiStatus: 'Y', depository: 'NSDL', dpId: 'IN300214', pledgerDemat: 'IN30021410000003' });
  const reply = (over: Partial<NsdlStatusReply>): NsdlStatusReply => ({
    pledgeStatus: '',
    Message: '',
    pledgeSymbolArray: '[]',
    uniqueNo: '',
    ...over,
  });

  it('NSDL: posts the form with the reference kept in session, polls every 2 s and shows the per-security lines', async () => {
    const user = userEvent.setup();
    const statuses = [
      reply({ pledgeStatus: 'NOT_FOUND' }),
      reply({ pledgeStatus: 'NOT_FOUND' }),
      reply({
        pledgeStatus: 'W500000001',
        Message: 'Margin pledge Instructions done successfully !',
        pledgeSymbolArray: JSON.stringify([
          { requestReference: 'W500000001', isinName: 'TCS LTD', msg: 'Pledge authorised' },
        ]),
      }),
    ];
    const server = fakeServer({
      '/Pledge/Online/NSDL': (data) =>
        data.requestFor === 'uniqueNo' ? { data: reply({ uniqueNo: '500000001' }) } : { data: statuses.shift() },
    });
    const g = gateway();
    const onDone = vi.fn();
    renderScreen('PoaPledge', <PledgeTabPanel tab="PLEDGE" demats={[nsdlDemat]} onDone={onDone} gateway={g} />);
    await pledgeTcs(user, '5');
    const dialog = await findDialog();
    expect(dialog.textContent).toContain('Margin pledge Instructions done successfully !');
    expect(dialog.textContent).toContain('TCS LTD: Pledge authorised');
    expect(g.postForm).toHaveBeenCalledWith(
      expect.objectContaining({
        dpId: 'IN300214',
        clientId: 'DEMO1',
        dematAcc: 'IN30021410000003',
        requestReference: 'W500000001',
        noOfSecurities: '1',
      }),
    );
    const fields = g.postForm.mock.calls[0]![0] as Record<string, string>;
    expect(JSON.parse(fields.secDtls!)).toEqual([
      {
        seqNo: '5000000011',
        isin: 'INE467B01029',
        isinName: 'TCS LTD',
        quantity: '5000',
        lockInReasonCode: '',
        lockInReleaseDate: '',
      },
    ]);
    expect(session.get(storageKeys.pledgeReference)).toBe('W500000001');
    expect(g.wait).toHaveBeenCalledTimes(3);
    expect(g.wait).toHaveBeenCalledWith(2000);
    expect(server.paths().filter((p) => p === '/Pledge/Online/NSDL')).toHaveLength(4);
    await answerDialog(user, 'OK');
    expect(onDone).toHaveBeenCalled();
  });

  it('NSDL: once the pledge is done the rows are unticked, so the same pledge cannot be sent twice', async () => {
    const user = userEvent.setup();
    fakeServer({
      '/Pledge/Online/NSDL': (data) =>
        data.requestFor === 'uniqueNo'
          ? { data: reply({ uniqueNo: '500000002' }) }
          : {
              data: reply({
                pledgeStatus: 'W500000002',
                Message: 'Margin pledge Instructions done successfully !',
                pledgeSymbolArray: JSON.stringify([
                  { requestReference: 'W500000002', isinName: 'TCS LTD', msg: 'Pledge authorised' },
                ]),
              }),
            },
    });
    const g = gateway();
    renderScreen('PoaPledge', <PledgeTabPanel tab="PLEDGE" demats={[nsdlDemat]} onDone={vi.fn()} gateway={g} />);
    await pledgeTcs(user, '5');
    await answerDialog(user, 'OK');
    expect((screen.getByRole('checkbox', { name: 'Select TCS' }) as HTMLInputElement).checked).toBe(false);
    expect((screen.getByLabelText('Quantity of TCS') as HTMLInputElement).value).toBe('20');
    expect(submitButton('Submit Pledge Request').disabled).toBe(true);
  });

  it('NSDL: UNAUTHORISED shows the IP text; 15 waiting polls give up and reload the list', async () => {
    const user = userEvent.setup();
    let status = reply({ pledgeStatus: 'UNAUTHORISED' });
    const server = fakeServer({
      '/Pledge/Online/NSDL': (data) =>
        data.requestFor === 'uniqueNo' ? { data: reply({ uniqueNo: '7' }) } : { data: status },
    });
    const g = gateway();
    const onDone = vi.fn();
    renderScreen('PoaPledge', <PledgeTabPanel tab="PLEDGE" demats={[nsdlDemat]} onDone={onDone} gateway={g} />);
    await pledgeTcs(user, '5');
    expect((await findDialog()).textContent).toContain('The IP address from which request came is unauthorized !');
    await answerDialog(user, 'OK');

    status = reply({ pledgeStatus: 'NOT_FOUND' });
    g.wait.mockClear();
    const before = server.paths().length;
    await user.click(submitButton('Submit Pledge Request'));
    await answerDialog(user, 'YES');
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(2));
    expect(g.wait).toHaveBeenCalledTimes(15);
    expect(server.paths().length - before).toBe(16);
    expect(openDialogs()).toHaveLength(0);
  });
});
