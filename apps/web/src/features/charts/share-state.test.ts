import { describe, expect, it } from 'vitest';
import { shareReducer, type ShareEvent, type ShareState } from './share-state.ts';

const run = (events: ShareEvent[], from: ShareState = { status: 'HIDDEN' }): ShareState =>
  events.reduce(shareReducer, from);

describe('the share dialog states (investing.md 4 "Chart")', () => {
  it('goes SHOW, GENERATING, UPLOADING, COMPLETE with a link, and HIDDEN when done', () => {
    expect(run([{ type: 'open' }])).toEqual({ status: 'SHOW' });
    expect(run([{ type: 'open' }, { type: 'create' }])).toEqual({ status: 'GENERATING' });
    expect(run([{ type: 'open' }, { type: 'create' }, { type: 'generated' }])).toEqual({ status: 'UPLOADING' });
    const complete = run([
      { type: 'open' },
      { type: 'create' },
      { type: 'generated' },
      { type: 'uploaded', link: 'blob:1' },
    ]);
    expect(complete).toEqual({ status: 'COMPLETE', link: 'blob:1' });
    expect(shareReducer(complete, { type: 'close' })).toEqual({ status: 'HIDDEN' });
  });

  it('ends in ERROR with the message when making or publishing the image fails, and may try again', () => {
    const failed = run([{ type: 'open' }, { type: 'create' }, { type: 'failed', message: 'no canvas' }]);
    expect(failed).toEqual({ status: 'ERROR', message: 'no canvas' });
    expect(
      run([{ type: 'open' }, { type: 'create' }, { type: 'generated' }, { type: 'failed', message: 'x' }]).status,
    ).toBe('ERROR');
    expect(shareReducer(failed, { type: 'create' })).toEqual({ status: 'GENERATING' });
    expect(shareReducer(failed, { type: 'close' })).toEqual({ status: 'HIDDEN' });
  });

  it('ignores events out of turn', () => {
    expect(run([{ type: 'create' }])).toEqual({ status: 'HIDDEN' });
    expect(run([{ type: 'open' }, { type: 'uploaded', link: 'blob:1' }])).toEqual({ status: 'SHOW' });
    expect(run([{ type: 'open' }, { type: 'failed', message: 'x' }])).toEqual({ status: 'SHOW' });
    expect(run([{ type: 'open' }, { type: 'create' }, { type: 'open' }])).toEqual({ status: 'GENERATING' });
  });
});
