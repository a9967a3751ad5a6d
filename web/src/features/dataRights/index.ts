/** The data-rights feature's surface (issue 17 item 2): the "Mis datos" panel and the one-lead export. */
export { MyDataPanel } from './MyDataPanel';
export { useExportLead } from './useExportLead';
export { ACCOUNT_DELETED_MSG } from './useDeleteAccount';
