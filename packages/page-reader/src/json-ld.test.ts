import { load } from 'cheerio/slim';
import { describe, expect, it } from 'vitest';
import { readJsonLd } from './json-ld';
import { indexPage } from './page-index';

const page = (html: string) => indexPage(load(html));

describe('evidence from JSON-LD', () => {
  it('finds JobPostings in arrays, @graph and nested nodes, repairing trailing commas, and the Organization', () => {
    const graph = readJsonLd(
      page(`<script type="application/ld+json">{"@context":"https://schema.org","@graph":[
        {"@type":"Organization","@id":"#org","name":"Acme Health"},
        {"@type":"JobPosting","title":"Nurse Manager","hiringOrganization":{"@id":"#org"},},
      ]}</script><script type="application/ld+json">[{"@type":"schema:JobPosting","title":"Pharmacist"}]</script>`),
    );
    expect(graph.jobs.map((j) => j.title)).toEqual(['Nurse Manager', 'Pharmacist']);
    expect(graph.organizations.map((o) => o.name)).toEqual(['Acme Health']);
    expect(graph.byId.get('#org')?.name).toBe('Acme Health');
  });
});
