import { load } from 'cheerio/slim';
import type { AnyNode } from 'domhandler';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { flatText } from './html-text';
import { pruneInertBodies } from './page-prune';

describe('pruneInertBodies: what the reader never reads is dropped before parsing', () => {
  it('empties scripts, styles, svg drawings and noscript blocks but keeps their opening tags', () => {
    const html =
      '<head><style>.a{color:red}</style><script src="/app.js"></script><script>track("<div>")</script></head>' +
      '<body><p><svg class="icon-location" viewBox="0 0 9 9"><path d="M0 0"/><title>Pin</title></svg> Boston, MA</p>' +
      '<noscript><p>Enable JavaScript</p></noscript></body>';
    expect(pruneInertBodies(html)).toBe(
      '<head><style></style><script src="/app.js"></script><script></script></head>' +
        '<body><p><svg class="icon-location" viewBox="0 0 9 9"></svg> Boston, MA</p><noscript></noscript></body>',
    );
  });

  it('unwraps a noscript block holding content (a posting kept there for crawlers), its own scripts pruned', () => {
    const posting = `<h1>Clinical Informatics Analyst</h1><p>${'Build Epic workflows with clinicians. '.repeat(6)}</p>`;
    const html = `<div id="root"></div><noscript class="seo">${posting}<script>track()</script></noscript><p>after</p>`;
    expect(pruneInertBodies(html)).toBe(
      `<div id="root"></div><div data-noscript="">${posting}<script></script></div><p>after</p>`,
    );
    expect(flatText(load(pruneInertBodies(html)).root()[0] as AnyNode)).toContain('Clinical Informatics Analyst');
  });

  it('still empties a noscript notice or tracking pixel, whose text is short', () => {
    const notice =
      '<noscript><div class="banner"><p>You need to enable JavaScript to run this app.</p></div></noscript>';
    const pixel =
      '<noscript><img height="1" width="1" src="https://pixel.example.com/tr?id=1&amp;ev=PageView"></noscript>';
    expect(pruneInertBodies(`${notice}${pixel}<p>Job</p>`)).toBe(
      '<noscript></noscript><noscript></noscript><p>Job</p>',
    );
  });

  it('keeps JSON blocks and window state assignments, which the reader reads', () => {
    const html =
      '<script type="application/ld+json">{"@type":"JobPosting"}</script>' +
      '<script id="__NEXT_DATA__" type="application/json">{"props":{}}</script>' +
      '<script>window.__INITIAL_STATE__ = {"job":{"title":"Nurse"}};</script>' +
      '<script>window.dataLayer = window.dataLayer || [];</script>';
    expect(pruneInertBodies(html)).toBe(html.replace('window.dataLayer = window.dataLayer || [];', ''));
  });

  it("keeps a tag whose attribute value holds a '>' whole", () => {
    expect(pruneInertBodies('<script data-when="a > b">run()</script><p>Job</p>')).toBe(
      '<script data-when="a > b"></script><p>Job</p>',
    );
  });

  it('removes comments, and a script inside a comment with them', () => {
    expect(pruneInertBodies('<p>a<!-- <script>x()</script> --></p><!-- unterminated')).toBe('<p>a</p>');
  });

  it('leaves a self-closed svg and an element never closed as they are', () => {
    expect(pruneInertBodies('<li><svg/> Boston</li><li><svg/> Austin</li>')).toBe(
      '<li><svg/> Boston</li><li><svg/> Austin</li>',
    );
    expect(pruneInertBodies('<p>Job</p><SCRIPT>never closed <p>x</p>')).toBe('<p>Job</p><SCRIPT>never closed <p>x</p>');
  });

  it('reads a very long page up to the cap, with the state scripts from beyond it', () => {
    const state = '<script>window.__STATE__ = {"company":"Acme Health"};</script>';
    const html = `<h1>Nurse</h1>${'<p>filler text</p>'.repeat(100)}<footer>© Acme</footer>${state}`;
    const read = pruneInertBodies(html, 500);
    expect(read.length).toBeLessThanOrEqual(500 + state.length);
    expect(read.startsWith('<h1>Nurse</h1><p>filler text</p>')).toBe(true);
    expect(read.endsWith(state)).toBe(true);
    expect(read).not.toContain('<footer>');
  });

  it('moves a state script lying across the cap behind it whole', () => {
    const state = `<script type="application/json">{"title":"${'x'.repeat(300)}"}</script>`;
    const read = pruneInertBodies(`<h1>Nurse</h1>${'<p>filler</p>'.repeat(20)}${state}<p>tail</p>`, 400);
    expect(read.endsWith(state)).toBe(true);
    expect(read).not.toContain('tail');
  });
});

describe('pruneInertBodies: a property over generated pages', () => {
  const fragment = fc.oneof(
    fc.constantFrom('Nurse ', 'Boston, MA ', '<p>', '</p>', '<li>', '</li>', '<div class="x">', '</div>', '&amp; '),
    fc.constantFrom(
      '<script>if (a < b) x("</p><p>")</script>',
      '<script type="application/json">{"a":"<b>"}</script>',
      '<style>p > b { color: red }</style>',
      '<svg viewBox="0 0 9 9"><path d="M0"/><text>Pin</text></svg>',
      '<svg/>',
      '<noscript><p>Enable JavaScript</p></noscript>',
      '<!-- <p>old</p> -->',
      '<script data-when="a > b">run()</script>',
    ),
  );

  it('never changes the text a reader sees', () => {
    const textOf = (html: string) => flatText(load(html).root()[0] as AnyNode);
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 30 }), (parts) => {
        const html = `<body>${parts.join('')}</body>`;
        expect(textOf(pruneInertBodies(html))).toBe(textOf(html));
      }),
      { numRuns: 300 },
    );
  });
});
