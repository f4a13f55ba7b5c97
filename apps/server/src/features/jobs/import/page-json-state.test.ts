import { load } from 'cheerio/slim';
import { describe, expect, it } from 'vitest';
import { indexPage } from './page-index';
import { jsonStateSources } from './page-json-state';

const page = (html: string) => indexPage(load(html));

describe('evidence from embedded page state', () => {
  it("reads the job's fields from window.__INITIAL_STATE__ and skips lists of other jobs", () => {
    const state = {
      job: {
        title: 'Data Engineer',
        location: { city: 'Portland', state: 'OR', country: 'US' },
        employmentType: 'FULL_TIME',
      },
      company: { name: 'Cascadia Health' },
      similarJobs: [{ title: 'Other Role', location: 'Remote' }],
    };
    const found = jsonStateSources(page(`<script>window.__INITIAL_STATE__ = ${JSON.stringify(state)};</script>`)).map(
      (c) => `${c.field}=${c.value}`,
    );
    expect(found).toEqual(
      expect.arrayContaining(['title=Data Engineer', 'company=Cascadia Health', 'job_type=full-time']),
    );
    expect(found.some((f) => f.startsWith('location=Portland'))).toBe(true);
    expect(found.join()).not.toMatch(/Other Role|Remote/);
  });

  it('reads __NEXT_DATA__ JSON and ignores scripts that are not JSON', () => {
    const next = { props: { pageProps: { posting: { jobTitle: 'Pharmacist', employerName: 'Pillbox' } } } };
    const found = jsonStateSources(
      page(
        `<script id="__NEXT_DATA__" type="application/json">${JSON.stringify(next)}</script><script>var x = {a: 1};</script>`,
      ),
    ).map((c) => `${c.field}=${c.value}`);
    expect(found).toEqual(['title=Pharmacist', 'company=Pillbox']);
  });
});
