import { load } from 'cheerio/slim';
import { describe, expect, it } from 'vitest';
import { readMicrodataJob } from './microdata';
import { indexPage } from './page-index';

const page = (html: string) => indexPage(load(html));

describe('evidence from microdata', () => {
  it('reads a JobPosting item with its nested organization as a JSON-LD-like object', () => {
    const item = readMicrodataJob(
      page(`<div itemscope itemtype="https://schema.org/JobPosting">
        <h1 itemprop="title">Lab Manager</h1>
        <meta itemprop="datePosted" content="2026-11-01">
        <div itemprop="hiringOrganization" itemscope itemtype="https://schema.org/Organization">
          <span itemprop="name">Fernhill Labs</span>
        </div>
      </div>`),
    );
    expect(item).toMatchObject({
      '@type': 'https://schema.org/JobPosting',
      title: 'Lab Manager',
      datePosted: '2026-11-01',
      hiringOrganization: { name: 'Fernhill Labs' },
    });
  });

  it('is null without a JobPosting item', () => {
    expect(readMicrodataJob(page('<div itemscope itemtype="https://schema.org/Person"></div>'))).toBeNull();
  });
});
