/** What other features may use from reports: the CSV download helpers. */
export { batches, contentDisposition, csvStream, neutralise, sendCsv } from './csv';
