import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';

/**
 * A page's HTML, compressed once at maximum quality rather than on every request. Until that is done the page is sent
 * as HTML, which the compress plugin compresses on the fly.
 */
export interface Page {
  html: string;
  br?: Buffer;
  gzip?: Buffer;
  /** Set once the page is queued for compression. */
  queued?: true;
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Compresses each page when it is first asked for, on libuv's thread pool, one page at a time (leaving the other
 * cores to requests). Brotli's quality 11 costs about 150 ms of CPU for one of our pages, 4 s for all of them:
 * compressing every page at start-up took a core from the requests and the database for seconds after each start,
 * also for pages nobody asked for (ADR 0020, serve7).
 */
export class PageCompressor {
  private queue = Promise.resolve();

  constructor(private readonly onError: (err: unknown) => void) {}

  /** Queues `page` for compression unless it already is. */
  request(page: Page): void {
    if (page.queued) return;
    page.queued = true;
    this.queue = this.queue.then(() => compress(page)).catch(this.onError);
  }

  /** Resolves once every page queued so far is compressed (or has failed). */
  settled(): Promise<void> {
    return this.queue;
  }
}

async function compress(page: Page): Promise<void> {
  page.br = await brotliAsync(page.html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } });
  page.gzip = await gzipAsync(page.html, { level: 9 });
}
