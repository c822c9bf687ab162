import { openExternalLink } from '../../features/shell-dialogs/index.ts';
import type { NavTarget } from './menu-model.ts';

/** In-app routes navigate; external links open in a new tab after the redirection warning (platform.md 2.4). */
export function navigateTo(target: NavTarget, navigate: (path: string) => void): void {
  if ('route' in target) navigate(target.route);
  else void openExternalLink(target.external);
}
