// A tiny careers site for the browser tests: job pages with schema.org JobPosting JSON-LD, German, Polish and English
// job pages without structured data, a careers index that
// links to them, and robots.txt. Anything else (including the fake applicant-tracking API paths) answers 404.
// Started by playwright.config.ts on E2E_FIXTURE_PORT; the app under test may fetch it (OUTBOUND_ALLOW_HOSTS).
import http from 'node:http';

const port = Number(process.env.PORT ?? 0);

const jobs = {
  '/jobs/nurse-informaticist': {
    title: 'Nurse Informaticist',
    description:
      '<p>Fixture Health is looking for a nurse informaticist to improve how our clinicians use Epic.</p>' +
      "<h3>What you'll do</h3><ul><li>Optimize Epic workflows with nursing leadership</li><li>Train staff on new documentation tools</li></ul>" +
      '<h3>Requirements</h3><ul><li>Active RN license</li><li>3+ years of clinical informatics with SQL reporting</li></ul>',
    employmentType: 'FULL_TIME',
    location: { addressLocality: 'Denver', addressRegion: 'CO', addressCountry: 'US' },
    salary: { minValue: 98000, maxValue: 120000, unitText: 'YEAR' },
  },
  '/careers/jobs/care-coordinator': {
    title: 'Care Coordinator',
    description:
      '<p>Help patients get the follow-up care they need.</p><h3>Requirements</h3><ul><li>2+ years in a clinic</li><li>Familiarity with HIPAA</li></ul>',
    employmentType: 'PART_TIME',
    location: { addressLocality: 'Austin', addressRegion: 'TX', addressCountry: 'US' },
  },
  '/careers/jobs/data-analyst': {
    title: 'Clinical Data Analyst',
    description:
      '<p>Turn our outcomes data into decisions.</p><h3>Requirements</h3><ul><li>Python and SQL</li><li>Tableau dashboards</li></ul>',
    employmentType: 'CONTRACTOR',
    location: { addressLocality: 'Portland', addressRegion: 'OR', addressCountry: 'US' },
  },
};

function jobPage(path, job) {
  const posting = {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: job.title,
    description: job.description,
    employmentType: job.employmentType,
    datePosted: '2026-01-10',
    validThrough: '2030-06-30',
    hiringOrganization: { '@type': 'Organization', name: 'Fixture Health' },
    jobLocation: { '@type': 'Place', address: { '@type': 'PostalAddress', ...job.location } },
    url: `http://127.0.0.1:${port}${path}`,
    ...(job.salary
      ? {
          baseSalary: {
            '@type': 'MonetaryAmount',
            currency: 'USD',
            value: { '@type': 'QuantitativeValue', ...job.salary },
          },
        }
      : {}),
  };
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${job.title} - Fixture Health</title>
<script type="application/ld+json">${JSON.stringify(posting)}</script></head>
<body><h1>${job.title}</h1>${job.description}<p><a href="/careers">All jobs</a></p></body></html>`;
}

const careers = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Careers - Fixture Health</title></head>
<body><h1>Careers at Fixture Health</h1><ul>
<li><a href="/careers/jobs/care-coordinator">Care Coordinator</a></li>
<li><a href="/careers/jobs/data-analyst">Clinical Data Analyst</a></li>
<li><a href="/careers/about">About us</a></li>
</ul></body></html>`;

const about = `<!doctype html><html lang="en"><head><title>About - Fixture Health</title></head>
<body><h1>About Fixture Health</h1><p>Community clinics since 1998.</p><a href="/careers">Careers</a></body></html>`;

const blog = `<!doctype html><html lang="en"><head><title>Blog - Fixture Health</title></head>
<body><h1>Fixture Health blog</h1><p>News from our clinics.</p><a href="/blog/flu-season">Flu season tips</a></body></html>`;

// A German careers page without structured data (read from the page itself; no salary on it).
const germanJob = `<!doctype html><html lang="de"><head><meta charset="utf-8">
<title>Pflegeinformatiker (m/w/d) | Karriere bei Fixture Klinikum</title></head>
<body><header><img src="/logo.png" alt="Fixture Klinikum"><nav><a href="/karriere">Alle Stellen</a></nav></header>
<main><h1>Pflegeinformatiker (m/w/d)</h1><p class="job-subtitle">Festanstellung, Vollzeit · Hamburg</p>
<h2>Ihre Aufgaben</h2><ul><li>Sie betreuen die Pflegedokumentation in Epic</li><li>Sie schulen Pflegekräfte</li></ul>
<h2>Ihr Profil</h2><ul><li>Examen in der Pflege</li><li>Erfahrung mit HL7-Schnittstellen</li></ul>
<a href="/karriere/pflegeinformatik/bewerben">Jetzt bewerben</a></main>
<section><h2>Weitere Stellen</h2><ul><li>Stationsleitung – Remote – Teilzeit</li></ul></section>
<footer>&copy; 2026 Fixture Klinikum</footer></body></html>`;

// An English careers page without structured data whose requirements name tools the skills vocabulary does not know
// (Vitally, NetSuite, Workato) next to ones it does (Salesforce, Gainsight, Kubernetes).
const toolsJob = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Customer Success Manager | Fixture Health Careers</title></head>
<body><header><img src="/logo.png" alt="Fixture Health"></header>
<main><h1>Customer Success Manager</h1><p>Location: Denver, CO</p>
<p>Fixture Health runs twelve community clinics. Our customer success team keeps clinic partners live on our tools.</p><p>Employment type: Full-time</p>
<h2>Responsibilities</h2><ul><li>Own onboarding for our clinic customers</li><li>Run quarterly business reviews</li></ul>
<h2>Requirements</h2><ul><li>Experience with Salesforce, Gainsight and Vitally</li><li>Kubernetes, NetSuite, Workato</li></ul>
<p>Pay: $85,000 - $105,000 per year</p><a href="/careers/customer-success/apply">Apply now</a></main>
<footer>&copy; 2026 Fixture Health</footer></body></html>`;

// A Polish careers page without structured data: labels, pay in złoty for an employment contract and for B2B, a
// cookie banner and a block of other offers.
const polishJob = `<!doctype html><html lang="pl"><head><meta charset="utf-8">
<title>Administrator systemów szpitalnych | Kariera – Fixture Zdrowie</title></head>
<body><div class="cookies"><p>Używamy plików cookie.</p><button>Akceptuję</button></div>
<header><img src="/logo.png" alt="Fixture Zdrowie"><nav><a href="/kariera">Oferty pracy</a></nav></header>
<main><h1>Administrator systemów szpitalnych</h1>
<ul><li><b>Lokalizacja:</b> Wrocław</li><li><b>Wymiar pracy:</b> pełny etat</li></ul>
<p>11 000 – 14 000 zł brutto / mies. (umowa o pracę)</p><p>13 500 – 17 000 zł netto + VAT / mies. (B2B)</p>
<h2>Zakres obowiązków</h2><ul><li>Administracja serwerami Linux i VMware</li><li>Wsparcie integracji HL7</li></ul>
<a href="/kariera/admin/aplikuj">Aplikuj</a></main>
<section><h2>Podobne oferty</h2><ul><li>Rejestratorka – Łódź – pół etatu</li></ul></section>
<footer>© 2026 Fixture Zdrowie sp. z o.o.</footer></body></html>`;

const server = http.createServer((req, res) => {
  const path = (req.url ?? '/').split('?')[0];
  const send = (status, type, body) => {
    res.writeHead(status, { 'content-type': type });
    res.end(body);
  };
  if (path === '/robots.txt') return send(200, 'text/plain', 'User-agent: *\nDisallow: /private/\n');
  if (path === '/careers') return send(200, 'text/html; charset=utf-8', careers);
  if (path === '/careers/about') return send(200, 'text/html; charset=utf-8', about);
  if (path === '/blog') return send(200, 'text/html; charset=utf-8', blog);
  if (path === '/health') return send(200, 'text/plain', 'ok');
  if (path === '/karriere/pflegeinformatik') return send(200, 'text/html; charset=utf-8', germanJob);
  if (path === '/careers/customer-success') return send(200, 'text/html; charset=utf-8', toolsJob);
  if (path === '/kariera/administrator') return send(200, 'text/html; charset=utf-8', polishJob);
  const job = jobs[path];
  if (job) return send(200, 'text/html; charset=utf-8', jobPage(path, job));
  send(404, 'text/html', '<h1>Not found</h1>');
});

server.listen(port, '127.0.0.1');
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
