import { vi } from 'vitest';

export interface CapturedDownload {
  fileName: string;
  blob: Blob;
}

/**
 * Catches the files the app saves (lib/export `saveFile`): jsdom has no object URLs and cannot follow a download
 * link, so each saved blob is recorded with its file name instead. `restore()` puts URL and the link back.
 */
export function captureDownloads(): { saved: CapturedDownload[]; restore: () => void } {
  const saved: CapturedDownload[] = [];
  const blobs = new Map<string, Blob>();
  vi.stubGlobal('URL', {
    ...URL,
    createObjectURL: (blob: Blob) => {
      const url = `blob:test-${blobs.size}`;
      blobs.set(url, blob);
      return url;
    },
    revokeObjectURL: () => undefined,
  });
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (blob) saved.push({ fileName: this.download, blob });
  });
  return {
    saved,
    restore: () => {
      click.mockRestore();
      vi.unstubAllGlobals();
    },
  };
}
