import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paragraphsOf, RichText, safeLinkHref } from './rich-text';

describe('safeLinkHref', () => {
  it.each([
    ['https://www.hhs.gov/hipaa', 'https://www.hhs.gov/hipaa'],
    ['http://example.com/a?b=c#d', 'http://example.com/a?b=c#d'],
    ['mailto:hello@example.com', 'mailto:hello@example.com'],
    ['HTTPS://Example.COM/Path', 'https://example.com/Path'],
  ])('accepts %s', (raw, expected) => {
    expect(safeLinkHref(raw)).toBe(expected);
  });

  it.each([
    'javascript:alert(1)',
    ' JaVaScRiPt:alert(1)',
    'java\tscript:alert(1)',
    '\u0000javascript:alert(1)',
    '&#106;avascript:alert(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'ftp://example.com',
    '/relative/path',
    '//evil.example.com',
    'www.example.com',
    'http//missing-colon',
    '',
  ])('refuses %j', (raw) => {
    expect(safeLinkHref(raw)).toBeNull();
  });
});

describe('paragraphsOf', () => {
  it('splits at blank lines, including lines of only whitespace, and drops empty paragraphs', () => {
    expect(paragraphsOf('One\nstill one\n\nTwo\n  \t\nThree\n\n\n')).toEqual(['One\nstill one', 'Two', 'Three']);
  });
});

describe('RichText', () => {
  it('renders blank-line separated paragraphs', () => {
    const { container } = render(<RichText text={'First paragraph.\n\nSecond paragraph.'} />);
    const paragraphs = container.querySelectorAll('p');
    expect(paragraphs).toHaveLength(2);
    expect(paragraphs[0]).toHaveTextContent('First paragraph.');
    expect(paragraphs[1]).toHaveTextContent('Second paragraph.');
  });

  it('turns http, https and mailto links into links that open in a new tab', () => {
    render(
      <RichText
        text={
          'Read the [HIPAA overview](https://www.hhs.gov/hipaa), the [FHIR spec](http://hl7.org/fhir/) or [email us](mailto:hello@example.com).'
        }
      />,
    );
    const hipaa = screen.getByRole('link', { name: /HIPAA overview/ });
    expect(hipaa).toHaveAttribute('href', 'https://www.hhs.gov/hipaa');
    expect(hipaa).toHaveAttribute('target', '_blank');
    expect(hipaa).toHaveAttribute('rel', 'noopener noreferrer');
    expect(hipaa).toHaveAccessibleName(/^HIPAA overview ?\(opens in a new tab\)$/);
    expect(screen.getByRole('link', { name: /FHIR spec/ })).toHaveAttribute('href', 'http://hl7.org/fhir/');
    expect(screen.getByRole('link', { name: /email us/ })).toHaveAttribute('href', 'mailto:hello@example.com');
    expect(screen.getByText(/Read the/).textContent).toBe(
      'Read the HIPAA overview (opens in a new tab), the FHIR spec (opens in a new tab) or email us (opens in a new tab).',
    );
  });

  it('keeps balanced parentheses inside a URL', () => {
    render(<RichText text="See [HL7](https://en.wikipedia.org/wiki/Health_Level_7_(standard)) for history." />);
    expect(screen.getByRole('link', { name: /HL7/ })).toHaveAttribute(
      'href',
      'https://en.wikipedia.org/wiki/Health_Level_7_(standard)',
    );
  });

  it.each([
    '[click](javascript:alert(1))',
    '[click]( JaVaScRiPt:alert(1))',
    '[click](JAVASCRIPT:alert(document.cookie))',
    '[click](&#106;avascript:alert(1))',
    '[click](data:text/html,<script>alert(1)</script>)',
    '[click](vbscript:msgbox(1))',
    '[click](/dashboard)',
    '[click](//evil.example.com)',
    '[click](not a url)',
    '[click](https://)',
  ])('renders the hostile or unsupported link %j as plain text', (hostile) => {
    const { container } = render(<RichText text={`Before ${hostile} after`} />);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(container.querySelector('a')).toBeNull();
    expect(container.querySelector('p')?.textContent).toBe(`Before ${hostile} after`);
  });

  it('never interprets text as HTML', () => {
    const { container } = render(
      <RichText text={'<img src=x onerror="alert(1)"> <script>alert(1)</script> [<b>bold</b>](https://example.com)'} />,
    );
    expect(container.querySelector('img, script, b')).toBeNull();
    expect(container.textContent).toContain('<img src=x onerror="alert(1)">');
    expect(screen.getByRole('link', { name: /<b>bold<\/b>/ })).toHaveAttribute('href', 'https://example.com/');
  });

  it('renders a safe link next to an unsafe one correctly', () => {
    const { container } = render(<RichText text="[bad](javascript:void(0)) and [good](https://example.org/x)" />);
    expect(screen.getAllByRole('link')).toHaveLength(1);
    expect(screen.getByRole('link', { name: /good/ })).toHaveAttribute('href', 'https://example.org/x');
    expect(container.querySelector('p')?.textContent).toBe('[bad](javascript:void(0)) and good (opens in a new tab)');
  });
});
