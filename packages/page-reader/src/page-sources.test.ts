import { load } from 'cheerio/slim';
import { describe, expect, it } from 'vitest';
import type { Candidate } from './page-evidence';
import { indexPage } from './page-index';
import {
  chipSources,
  classHintSources,
  footerSources,
  headingSources,
  labelLines,
  labelSources,
  logoSources,
  metaSources,
  titleStrings,
  visibleText,
} from './page-sources';

const page = (html: string) => indexPage(load(html));
/** The readings as 'field=value' strings, for compact expectations. */
const read = (candidates: Candidate[]) => candidates.map((c) => `${c.field}=${c.value}`);

describe('page sources: meta and Open Graph tags', () => {
  it("reads the site name and the description's 'at Company' and inline labels", () => {
    const p = page(`<head>
      <meta property="og:site_name" content="Acme Health">
      <meta name="description" content="Nurse Manager at Fernhill Clinic. Location: Denver, CO. Time type: Full time">
    </head>`);
    expect(read(metaSources(p))).toEqual(
      expect.arrayContaining([
        'company=Acme Health',
        'company=Fernhill Clinic',
        'location=Denver, CO',
        'job_type=full-time',
      ]),
    );
  });

  it('skips a site name that is the platform hosting the page', () => {
    expect(read(metaSources(page('<meta property="og:site_name" content="Greenhouse">')))).toEqual([]);
  });

  it('lists og:title before the page title', () => {
    const p = page('<title>Data Engineer | Acme</title><meta property="og:title" content="Data Engineer at Acme">');
    expect(titleStrings(p).map((t) => t.source)).toEqual(['og:title', 'title']);
  });
});

describe('page sources: headings', () => {
  it('takes the first h1, title-classed elements and aria-labels, and not headings inside other jobs', () => {
    const p = page(`<body>
      <h1>Clinical Systems Analyst</h1>
      <span class="titlepage">Clinical Systems Analyst</span>
      <div class="similar-jobs"><h1>Other Role</h1></div>
    </body>`);
    const { candidates, heading } = headingSources(p);
    expect(read(candidates)).toEqual(['title=Clinical Systems Analyst', 'title=Clinical Systems Analyst']);
    expect(heading?.name).toBe('h1');
  });

  it('falls back to the first h2 that is not a section heading', () => {
    const { candidates } = headingSources(page('<body><h2>Pharmacist</h2><h2>Requirements</h2></body>'));
    expect(read(candidates)).toEqual(['title=Pharmacist']);
  });
});

describe('page sources: labels', () => {
  it('reads dt/dd, table rows and a leading label element, in several languages', () => {
    const p = page(`<body>
      <dl><dt>Primary Location</dt><dd>Boston, MA</dd></dl>
      <table><tr><th>Jornada</th><td>Jornada completa</td></tr></table>
      <p><strong>Gehalt:</strong> 58.000 € – 72.000 € pro Jahr</p>
    </body>`);
    const found = read(labelSources(p));
    expect(found).toContain('location=Boston, MA');
    expect(found).toContain('job_type=full-time');
    expect(found.some((f) => f.startsWith('salary_range=') && f.includes('58'))).toBe(true);
  });

  it("reads 'Label: value' and a label line followed by its value in the page text", () => {
    expect(read(labelLines('Standort: Berlin\nEmployment type\nPart-time'))).toEqual([
      'location=Berlin',
      'job_type=part-time',
    ]);
  });
});

describe('page sources: chips, icon rows and class hints', () => {
  it("splits the heading's subtitle into segments and reads each", () => {
    const p = page(
      `<body><header><h1>Data Scientist</h1><p>Permanent employee, Full-time · Vienna</p></header></body>`,
    );
    const { heading } = headingSources(p);
    const found = read(chipSources(p, heading));
    expect(found).toContain('job_type=full-time');
    expect(found.some((f) => f.startsWith('location=Vienna'))).toBe(true);
  });

  it('reads an icon row even when the icon itself is hidden from assistive technology', () => {
    const p = page('<body><div><i class="fa fa-map-marker" aria-hidden="true"></i> Phoenix, AZ</div></body>');
    expect(read(chipSources(p, null))).toContain('location=Phoenix, AZ');
  });

  it('reads short elements whose class names what they hold', () => {
    const p = page('<body><div class="job-location">Austin, TX</div><span class="commitment">Contract</span></body>');
    expect(read(classHintSources(p))).toEqual(expect.arrayContaining(['location=Austin, TX', 'job_type=contract']));
  });
});

describe('page sources: logo and footer', () => {
  it("reads the header logo's alt text without 'logo'", () => {
    const p = page('<body><header><a href="/"><img src="/l.png" alt="Pillbox Pharmacy Logo"></a></header></body>');
    expect(read(logoSources(p))).toEqual(['company=Pillbox Pharmacy']);
  });

  it("reads the footer's copyright holder", () => {
    const p = page('<body><footer><p>© 2026 Acme Health, Inc. All rights reserved.</p></footer></body>');
    expect(read(footerSources(p))).toEqual(['company=Acme Health']);
  });
});

describe('page index: blocks that are never about this job', () => {
  it("leaves out navigation, cookie banners and a 'Similar jobs' block from the visible text", () => {
    const p = page(`<body>
      <nav>Home Jobs</nav><div class="cookie-consent">We use cookies</div>
      <main><p>Lead our lab team.</p></main>
      <section><h3>Similar jobs</h3><ul><li>Lab Tech, Remote</li></ul></section>
    </body>`);
    expect(visibleText(p)).toBe('Lead our lab team.');
  });
});
