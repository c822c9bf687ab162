export { Dialog, type DialogProps } from './Dialog.tsx';
export { DialogHost } from './DialogHost.tsx';
export { openDialog, isAnyDialogOpen, closeTopDialog, closeAllDialogs, type CloseDialog } from './dialog-store.ts';
export { showMessage, showError, confirmDialog, type MessageOptions, type ConfirmOptions } from './common-dialogs.tsx';
