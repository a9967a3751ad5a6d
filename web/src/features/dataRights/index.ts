/** The data-rights feature's surface (issue 17 item 2): the "Mis datos" panel, the account deletion dialog and the one-lead export. */
export { DeleteAccountDialog, MyDataPanel } from './MyDataPanel';
export { useExportLead } from './useExportLead';
export { ACCOUNT_DELETED_MSG } from './useDeleteAccount';
