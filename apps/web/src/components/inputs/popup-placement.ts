/** A box on screen, as getBoundingClientRect gives it (viewport pixels). */
export interface Box {
  top: number;
  left: number;
  width: number;
  height: number;
}

export interface PopupPlacement {
  top: number;
  left: number;
  side: 'below' | 'above';
}

/** Space kept between the field and its popup, and between the popup and the window's edge. */
const GAP = 4;

/**
 * Where a popup anchored to `field` goes, in viewport pixels for `position: fixed`: below the field when it fits, else
 * above it when there is more room there (flipped up), shifted left and up so that it stays inside the window.
 */
export function placePopup(
  field: Box,
  popup: { width: number; height: number },
  viewport: { width: number; height: number },
): PopupPlacement {
  const below = field.top + field.height + GAP;
  const roomBelow = viewport.height - below - GAP;
  const roomAbove = field.top - GAP - GAP;
  const side = popup.height <= roomBelow || roomBelow >= roomAbove ? 'below' : 'above';
  const wanted = side === 'below' ? below : field.top - GAP - popup.height;
  const top = Math.max(GAP, Math.min(wanted, viewport.height - popup.height - GAP));
  const left = Math.max(GAP, Math.min(field.left, viewport.width - popup.width - GAP));
  return { top, left, side };
}
