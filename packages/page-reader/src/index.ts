// @referwell/page-reader: reads a job posting from a page's HTML, with no network access (the caller fetched the
// page). Pure and synchronous: the server runs it in worker threads (apps/server/src/worker-tasks.ts).
export { extractJobFromHtml, finishJob, readJobPage, MAX_HTML_LENGTH, type NoJob } from './extract';
export { decodeEntities, htmlToText, inlineText } from './html-text';
export { type MappedJob } from './json-ld';
export { readCrawlPage, readLinks, readPageText } from './links';
export { splitSections } from './sections';
export { suggestSkills } from './skill-suggestions';
export { cleanEmail, findSalary, formatSalary, mapEmploymentType, parseDate, resolveUrl } from './values';
export { FIELD_CAPS, type ImportedJob, type ImportResult, type ImportSource } from './types';
