import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../lib/session/session-store.ts';
import { toLoginState } from '../../lib/session/sign-in.ts';
import { signedInAnswer } from '../../test/fake-server.ts';
import { ProfilePage } from './ProfilePage.tsx';

function signIn(nonPoa: boolean) {
  const answer = signedInAnswer('DEMO2', false);
  const demats = [{ dpType: 'CDSL' as const, dpID: '12081600', dpAccount: '1208160000000002', poa: !nonPoa }];
  act(() =>
    sessionStore.signIn(
      toLoginState({ ...answer, demats, flags: { ...answer.flags, nonPoa } } as Parameters<typeof toLoginState>[0]),
    ),
  );
}

const detail = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

describe('My Details (platform.md 3.1, 6)', () => {
  afterEach(() => {
    act(() => sessionStore.signOut());
  });

  it('shows the details, segments, POA state and MTF entry from the login state, and the security panel', () => {
    signIn(false);
    render(<ProfilePage />);
    expect(detail('Client ID')).toBe('DEMO2');
    expect(detail('Segments')).toBe('Equity, FNO');
    expect(detail('Name')).toBe('Demo Client');
    expect(detail('Last login')).toBe('This is your first login');
    expect(detail('Demat account')).toBe('POA (power of attorney given)CDSL · DP ID 12081600 · 1208160000000002');
    expect(screen.getByRole('button', { name: 'ACTIVATE MTF' })).toBeTruthy();
    const security = screen.getByRole('region', { name: 'Security' });
    expect(
      within(security)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['CHANGE PASSWORD', 'CHANGE TPIN', 'RESET TPIN', 'FORGOT TPIN (CDSL)', 'VERIFY E-MAIL']);
  });

  it('lists the non-POA demat accounts of the login answer', () => {
    signIn(true);
    render(<ProfilePage />);
    expect(detail('Demat account')).toBe(
      'Non-POA (e-DIS authorisation needed to sell)CDSL · DP ID 12081600 · 1208160000000002',
    );
  });
});
