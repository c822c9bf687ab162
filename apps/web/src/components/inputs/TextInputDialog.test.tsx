import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { DialogHost, closeAllDialogs } from '../dialog/index.ts';
import { openTextInputDialog } from './TextInputDialog.tsx';

describe('TextInputDialog (platform.md 5)', () => {
  afterEach(() => closeAllDialogs());

  async function open() {
    render(<DialogHost />);
    const answer = openTextInputDialog({ title: 'Rename Basket', label: 'Basket name' });
    const input = (await screen.findByLabelText('Basket name')) as HTMLInputElement;
    return { answer, input };
  }

  it('is a named dialog and refuses a blank value', async () => {
    const user = userEvent.setup();
    const { input } = await open();
    expect(screen.getByRole('dialog', { name: 'Rename Basket' })).toBeTruthy();
    await user.type(input, '   {Enter}');
    expect(screen.getByRole('alert').textContent).toBe('Please enter valid input');
    expect(screen.getByRole('dialog', { name: 'Rename Basket' })).toBeTruthy();
  });

  it('blocks the # key and holds at most 10 characters', async () => {
    const user = userEvent.setup();
    const { input } = await open();
    await user.type(input, 'ab#cdefghijklm');
    expect(input.value).toBe('abcdefghij');
  });

  it('confirms with Enter and settles with the text', async () => {
    const user = userEvent.setup();
    const { answer, input } = await open();
    await user.type(input, 'Longterm{Enter}');
    await expect(answer).resolves.toBe('Longterm');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('settles undefined on CANCEL', async () => {
    const user = userEvent.setup();
    const { answer } = await open();
    await user.click(screen.getByRole('button', { name: 'CANCEL' }));
    await expect(answer).resolves.toBeUndefined();
  });
});
