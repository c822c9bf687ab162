import { investingText, platformText } from '@kite/domain';
import { useEffect, useReducer } from 'react';
import { Button } from '../../components/button/Button.tsx';
import { Dialog, openDialog } from '../../components/dialog/index.ts';
import { browserShareService, shareReducer, type ShareService } from './share-state.ts';
import styles from './charts.module.css';

const text = investingText.charts.shareDialog;

export interface ShareOptions {
  /** The chart's screenshot (lightweight-charts takeScreenshot), or null when nothing is drawn. */
  capture: () => HTMLCanvasElement | null;
  fileName: string;
  service?: ShareService;
}

function pngOf(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error(text.noImage))), 'image/png');
  });
}

const reasonOf = (error: unknown): string =>
  error instanceof Error && error.message ? error.message : platformText.somethingWentWrong;

function ShareChart({
  capture,
  fileName,
  service = browserShareService,
  onClose,
}: ShareOptions & { onClose: () => void }) {
  const [state, dispatch] = useReducer(shareReducer, { status: 'SHOW' });
  const link = state.status === 'COMPLETE' ? state.link : null;
  useEffect(
    () => () => {
      if (link) service.release(link);
    },
    [link, service],
  );

  const create = async () => {
    dispatch({ type: 'create' });
    try {
      const canvas = capture();
      if (!canvas) throw new Error(text.noChart);
      const image = await pngOf(canvas);
      dispatch({ type: 'generated' });
      dispatch({ type: 'uploaded', link: await service.upload(image, fileName) });
    } catch (error) {
      dispatch({ type: 'failed', message: reasonOf(error) });
    }
  };
  const close = () => {
    dispatch({ type: 'close' });
    onClose();
  };

  const busy = state.status === 'GENERATING' || state.status === 'UPLOADING';
  return (
    <Dialog
      title={text.title}
      size="medium"
      onDismiss={close}
      footer={
        state.status === 'COMPLETE' ? (
          <Button variant="primary" onClick={close}>
            {text.done}
          </Button>
        ) : (
          <>
            <Button onClick={close}>{text.close}</Button>
            <Button variant="primary" disabled={busy} onClick={() => void create()}>
              {text.createImage}
            </Button>
          </>
        )
      }
    >
      <div className={styles.dialogBody} data-status={state.status}>
        {(state.status === 'SHOW' || state.status === 'HIDDEN') && <p>{text.intro}</p>}
        {busy && (
          <p className={styles.status} role="status">
            {state.status === 'GENERATING' ? text.generating : text.uploading}
          </p>
        )}
        {state.status === 'ERROR' && (
          <p className={styles.error} role="alert">
            {text.error} {state.message}
          </p>
        )}
        {state.status === 'COMPLETE' && (
          <>
            <p className={styles.status} role="status">
              {text.complete}
            </p>
            <img className={styles.preview} src={state.link} alt={fileName} />
            <a className={styles.link} href={state.link} download={fileName}>
              {text.link}
            </a>
          </>
        )}
      </div>
    </Dialog>
  );
}

/** The share dialog (investing.md "Charts"): Share opens it; Create Image makes the chart's picture and a link to it. */
export function openShareDialog(options: ShareOptions): Promise<void> {
  return openDialog<void>((close) => <ShareChart {...options} onClose={() => close()} />, 'chart-share').then(
    () => undefined,
  );
}
