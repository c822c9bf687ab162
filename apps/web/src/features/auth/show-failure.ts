import { platformText } from '@kite/domain';
import { showError } from '../../components/dialog/index.ts';

/** A refused or failed call: the server's message in a dialog with header 'Error' (platform.md 8). */
export function showFailure(error: unknown): Promise<void> {
  const message = error instanceof Error && error.message ? error.message : platformText.somethingWentWrong;
  return showError(message);
}
