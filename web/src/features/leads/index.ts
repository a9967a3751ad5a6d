/** The leads feature's surface other features use: the dashboard's CSV file helpers (issue 6 item 2, reused by Campañas' export). */
export { csvDate, csvText, downloadCsv, UTF8_BOM } from './csv';
