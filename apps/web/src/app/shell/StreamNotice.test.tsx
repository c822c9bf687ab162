import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StreamStatus } from '../../lib/stream/stream-client.ts';
import { StreamNotice } from './StreamNotice.tsx';

const stream = vi.hoisted(() => ({ status: 'open' as StreamStatus, reconnect: vi.fn() }));
vi.mock('../../lib/stream/stream.ts', () => ({
  useStreamStatus: () => stream.status,
  reconnectStream: stream.reconnect,
}));

afterEach(() => {
  stream.status = 'open';
  stream.reconnect.mockClear();
});

describe('the notice of lost live prices in the footer', () => {
  it('says nothing while prices stream, or before a connection is needed', () => {
    for (const status of ['open', 'idle', 'connecting'] as const) {
      stream.status = status;
      const { container, unmount } = render(<StreamNotice />);
      expect(container.textContent).toBe('');
      unmount();
    }
  });

  it('says so while reconnecting, and after the tries ran out offers to reconnect', () => {
    stream.status = 'reconnecting';
    const { unmount } = render(<StreamNotice />);
    expect(screen.getByRole('status').textContent).toBe('Live prices interrupted: reconnecting…');
    unmount();
    stream.status = 'stopped';
    render(<StreamNotice />);
    expect(screen.getByRole('alert').textContent).toContain(
      'Live prices stopped: the connection could not be restored.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'RECONNECT' }));
    expect(stream.reconnect).toHaveBeenCalledOnce();
  });
});
