import { describe, expect, it } from 'vitest';
import { HEADING_MARK, htmlToText, inlineText } from './html-text';
import { splitSections } from './sections';

describe('htmlToText', () => {
  it('decodes named, numeric and hex entities', () => {
    expect(htmlToText('<p>Tom &amp; Jerry&#8217;s &lt;clinic&gt; &#x2014; caf&eacute;&nbsp;open</p>')).toBe(
      'Tom & Jerry’s <clinic> — café open',
    );
  });

  it('turns block elements into paragraphs and <br> into new lines', () => {
    expect(htmlToText('<div><h2>About</h2><p>First<br>second</p><section>Third</section></div>')).toBe(
      'About\n\nFirst\nsecond\n\nThird',
    );
  });

  it("turns list items into '- ' lines, including items wrapping paragraphs and nested lists", () => {
    expect(
      htmlToText('<p>Intro</p><ul><li>One</li><li><p>Two</p><ul><li>Two a</li></ul></li></ul><ol><li>Three</li></ol>'),
    ).toBe('Intro\n\n- One\n- Two\n- Two a\n\n- Three');
  });

  it('flattens nested inline tags and collapses whitespace', () => {
    expect(htmlToText('<p>  Build <strong>robust <em>FHIR</em></strong>\n\n   APIs <a href="#">here</a> </p>')).toBe(
      'Build robust FHIR APIs here',
    );
  });

  it('removes script, style, noscript and template content', () => {
    expect(
      htmlToText(
        '<p>Visible</p><script>var x = "<p>hidden</p>";</script><style>p { color: red }</style><noscript>No JS</noscript><template><p>T</p></template>',
      ),
    ).toBe('Visible');
  });

  it('unescapes entity-encoded HTML and keeps plain text line breaks', () => {
    expect(htmlToText('&lt;p&gt;Hello &amp;amp; welcome&lt;/p&gt;&lt;ul&gt;&lt;li&gt;A&lt;/li&gt;&lt;/ul&gt;')).toBe(
      'Hello & welcome\n\n- A',
    );
    expect(htmlToText('Line one\n\n\n   Line   two &amp; more')).toBe('Line one\n\nLine two & more');
  });

  it('puts table rows on lines and leaves no tags behind', () => {
    const text = htmlToText('<table><tr><th>Shift</th><td>Days</td></tr><tr><th>Hours</th><td>36</td></tr></table>');
    expect(text).toBe('Shift Days\nHours 36');
    expect(text).not.toMatch(/<[^>]+>/);
  });

  it('marks headings and bold-only paragraphs when asked', () => {
    expect(htmlToText('<h3>Duties</h3><p><b>Skills</b></p><p>Text <b>bold</b></p>', { markHeadings: true })).toBe(
      `${HEADING_MARK}Duties\n\n${HEADING_MARK}Skills\n\nText bold`,
    );
  });

  it('inlineText gives a single line', () => {
    expect(inlineText('<h1>Senior\n  Engineer &ndash; <span>FHIR</span></h1>')).toBe('Senior Engineer – FHIR');
  });
});

describe('splitSections', () => {
  it('splits by responsibilities / requirements headings and keeps other headings in the description', () => {
    const text = htmlToText(
      "<p>Intro.</p><h2>What you'll do</h2><ul><li>Build</li></ul><p><strong>Qualifications:</strong></p><ul><li>SQL</li></ul><h2>Benefits</h2><p>401k</p>",
      { markHeadings: true },
    );
    expect(splitSections(text)).toEqual({
      description: 'Intro.\n\nBenefits\n\n401k',
      responsibilities: '- Build',
      requirements: '- SQL',
    });
  });

  it('recognises plain-text headings ending with a colon', () => {
    expect(splitSections('Intro\n\nDuties and responsibilities:\n- Triage\n\nRequirements:\n- RN license')).toEqual({
      description: 'Intro',
      responsibilities: '- Triage',
      requirements: '- RN license',
    });
  });

  it('keeps a repeated section heading as a sub-heading and returns a paragraph after a list to the description', () => {
    expect(
      splitSections(
        'Minimum Qualifications\n- CPC\n\nPreferred Qualifications\n- HCC\n\nWe are an equal opportunity employer.',
      ),
    ).toEqual({
      description: 'We are an equal opportunity employer.',
      responsibilities: '',
      requirements: '- CPC\n\nPreferred Qualifications\n- HCC',
    });
  });
});
