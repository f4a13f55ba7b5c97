import { Link } from 'react-router';
import { BRAND } from '@referwell/shared/constants';

const footerLinks = [
  { label: 'How it Works', to: '/how-it-works' },
  { label: 'For Companies', to: '/how-it-works-companies' },
  { label: 'Resources', to: '/resources' },
  { label: 'Join Waitlist', to: '/waitlist' },
];

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="border-t bg-muted/60">
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-10 sm:px-6 md:flex-row md:items-center md:justify-between lg:px-8">
        <div>
          <p className="font-semibold">{BRAND.name}</p>
          <p className="mt-1 text-sm text-muted-foreground">{BRAND.tagline}</p>
        </div>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
            {footerLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="rounded text-muted-foreground hover:text-foreground">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-t">
        <p className="mx-auto max-w-7xl px-4 py-4 text-sm text-muted-foreground sm:px-6 lg:px-8">
          © {year} {BRAND.name}, Inc. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
