import { readFileSync } from 'node:fs';
import { load } from 'cheerio';
import { readPage } from './page';
import { readJsonLd } from './json-ld';
const $ = load(readFileSync(process.argv[2]!, 'utf8'));
console.log(readPage($, 'https://x.example/', readJsonLd($)));
