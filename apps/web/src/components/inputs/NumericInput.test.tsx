import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { NumericInput, type NumericInputProps } from './NumericInput.tsx';

function Harness(props: Partial<NumericInputProps> & { initial?: string }) {
  const { initial = '', ...rest } = props;
  const [value, setValue] = useState(initial);
  return (
    <>
      <NumericInput label="Price" {...rest} value={value} onChange={setValue} />
      <button type="button">elsewhere</button>
    </>
  );
}

const field = () => screen.getByRole('textbox', { name: 'Price' }) as HTMLInputElement;

describe('NumericInput (platform.md 5, trading.md 5.6)', () => {
  it('takes digits and one decimal point, two decimals by default', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(field(), '12a.3.456');
    expect(field().value).toBe('12.34');
  });

  it('blocks the decimal point when integer-only', async () => {
    const user = userEvent.setup();
    render(<Harness integerOnly />);
    await user.type(field(), '1.5');
    expect(field().value).toBe('15');
  });

  it('blocks paste', () => {
    render(<Harness initial="5" />);
    const event = new Event('paste', { bubbles: true, cancelable: true });
    field().dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(field().value).toBe('5');
  });

  it('takes a minus sign only when enabled', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Harness />);
    await user.type(field(), '-5');
    expect(field().value).toBe('5');
    unmount();
    render(<Harness allowNegative min="-100" />);
    await user.type(field(), '-5');
    expect(field().value).toBe('-5');
  });

  it('stops typing at the maximum (default 9999999)', async () => {
    const user = userEvent.setup();
    render(<Harness integerOnly />);
    await user.type(field(), '123456789');
    expect(field().value).toBe('12345678'.slice(0, 7));
  });

  it('turns empty into 0 and strips leading zeros when left', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(field(), '007.5');
    await user.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(field().value).toBe('7.5');
    await user.clear(field());
    await user.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(field().value).toBe('0');
  });

  it('steps with the arrow keys and the plus/minus buttons, snapping to the step', async () => {
    const user = userEvent.setup();
    render(<Harness initial="100.02" step="0.05" />);
    await user.click(field());
    await user.keyboard('{ArrowUp}');
    expect(field().value).toBe('100.05');
    await user.keyboard('{ArrowUp}');
    expect(field().value).toBe('100.10');
    await user.click(screen.getByRole('button', { name: 'Decrease Price' }));
    expect(field().value).toBe('100.05');
    await user.click(screen.getByRole('button', { name: 'Increase Price' }));
    expect(field().value).toBe('100.10');
  });

  it('steps by 1 by default, never below the minimum', async () => {
    const user = userEvent.setup();
    render(<Harness integerOnly initial="1" />);
    fireEvent.keyDown(field(), { key: 'ArrowDown' });
    expect(field().value).toBe('0');
    await user.click(screen.getByRole('button', { name: 'Decrease Price' }));
    expect(field().value).toBe('0');
  });

  it('steps by 0.01 when the tick size is 0', async () => {
    const user = userEvent.setup();
    render(<Harness initial="10" tickSize="0" />);
    await user.click(screen.getByRole('button', { name: 'Increase Price' }));
    expect(field().value).toBe('10.01');
  });
});
