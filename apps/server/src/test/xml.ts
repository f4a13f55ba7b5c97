import { load, type CheerioAPI } from 'cheerio';
import { SaxesParser } from 'saxes';

/**
 * Parses XML strictly, as a job board's or a search engine's importer would (saxes, the XML parser jsdom uses:
 * a well-formedness error throws), then returns it for querying with cheerio in XML mode.
 */
export function parseXml(xml: string): CheerioAPI {
  const parser = new SaxesParser({ xmlns: true });
  parser.on('error', (error) => {
    throw new Error(`Not well-formed XML: ${error.message}`);
  });
  parser.write(xml).close();
  return load(xml, { xml: true });
}
