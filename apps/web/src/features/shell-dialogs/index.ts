export { ConfigFailure } from './ConfigFailure.tsx';
export { openExternalLink } from './redirect-warning.tsx';
export { openAddToWatchlistDialog, openChartPopup } from './lazy-dialogs.tsx';
export { openSelectScripDialog, type SelectScripOptions } from './select-scrip-dialog.tsx';
export { orderDialog, setOrderDialogOpener, type OrderDialogOpener, type OrderSide } from './order-dialog-opener.tsx';
export { showRiskDisclosure } from './risk-disclosure.tsx';
export { showMtfDefinition, startMtfActivation, type MtfActivationOutcome } from './mtf-dialogs.tsx';
export { requestCollateralConsent } from './collateral-consent.tsx';
