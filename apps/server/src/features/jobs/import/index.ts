export { extractJobFromHtml, readJobPage, type NoJob } from './extract';
export { htmlToText } from './html-text';
export { findSalary, formatSalary, parseDate } from './values';
export { FIELD_CAPS, type ImportedJob, type ImportResult, type ImportSource } from './types';
