/**
 * The share dialog's states (investing.md 4 "Chart"): HIDDEN, SHOW, then Create Image goes GENERATING, UPLOADING and
 * COMPLETE (with a link) or ERROR (with a message); done or close goes back to HIDDEN.
 */
export type ShareState =
  | { status: 'HIDDEN' | 'SHOW' | 'GENERATING' | 'UPLOADING' }
  | { status: 'COMPLETE'; link: string }
  | { status: 'ERROR'; message: string };

export type ShareEvent =
  | { type: 'open' }
  | { type: 'create' }
  | { type: 'generated' }
  | { type: 'uploaded'; link: string }
  | { type: 'failed'; message: string }
  | { type: 'close' };

export function shareReducer(state: ShareState, event: ShareEvent): ShareState {
  switch (event.type) {
    case 'open':
      return state.status === 'HIDDEN' ? { status: 'SHOW' } : state;
    case 'create':
      // From the dialog as opened, or again after an error.
      return state.status === 'SHOW' || state.status === 'ERROR' ? { status: 'GENERATING' } : state;
    case 'generated':
      return state.status === 'GENERATING' ? { status: 'UPLOADING' } : state;
    case 'uploaded':
      return state.status === 'UPLOADING' ? { status: 'COMPLETE', link: event.link } : state;
    case 'failed':
      return state.status === 'GENERATING' || state.status === 'UPLOADING'
        ? { status: 'ERROR', message: event.message }
        : state;
    case 'close':
      return { status: 'HIDDEN' };
    default: {
      const unknown: never = event;
      throw new Error(`Unknown share event ${String(unknown)}`);
    }
  }
}

/**
 * Where a chart image is published. investing.md 7 sends it to a third-party share service whose upload is not shown,
 * so none is built: the only implementation keeps the PNG made in the browser and links to it there (the COMPLETE
 * link downloads it). A real service would be another implementation of this interface.
 */
export interface ShareService {
  upload(image: Blob, fileName: string): Promise<string>;
  /** Lets go of what a link holds once the dialog closes. */
  release(link: string): void;
}

export const browserShareService: ShareService = {
  upload: async (image) => URL.createObjectURL(image),
  release: (link) => URL.revokeObjectURL(link),
};
