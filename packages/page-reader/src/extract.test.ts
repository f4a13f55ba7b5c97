import { describe, expect, it } from 'vitest';
import { extractJobFromHtml } from './extract';
import { readFixture as read } from './fixtures';
import type { ImportResult } from './types';

const expectations = JSON.parse(read('expected.json')) as Record<
  string,
  { url: string; expected: ImportResult | null }
>;
const extract = (file: string) => extractJobFromHtml(read(file), expectations[file]?.url ?? 'https://example.com/');

describe('extractJobFromHtml: fixture pages match fixtures/expected.json exactly', () => {
  it.each(Object.keys(expectations))('%s', (file) => {
    expect(extract(file)).toEqual(expectations[file]?.expected);
  });
});

describe('extractJobFromHtml: JSON-LD', () => {
  it('maps a single JobPosting object', () => {
    const result = extract('jsonld-single.html');
    expect(result?.source).toBe('json-ld');
    expect(result?.job).toEqual({
      title: 'Senior Backend Engineer, Interoperability',
      company: 'Lumen Health',
      location: 'Boston, MA, US',
      job_type: 'full-time',
      // The description is split by its headings; entities are decoded and no tags are left.
      description:
        'Lumen Health connects 2,000+ clinics to the data they need & we’re hiring.\n\nBenefits\n\nMedical, dental and vision from day one.',
      responsibilities:
        '- Design and build FHIR R4 APIs in TypeScript and Node.js\n- Own our HL7 v2 interface engine and its PostgreSQL storage\n- Run services on AWS with Kubernetes and Terraform',
      requirements:
        '- 6+ years building backend systems\n- Experience with Epic or Cerner integrations\n- Working knowledge of HIPAA and SOC 2 controls',
      salary_range: '$160,000 - $195,000 per year',
      application_url: 'https://jobs.lumenhealth.example/postings/4821',
      contact_email: '',
      deadline: '2026-03-31',
      skills: [
        'FHIR',
        'TypeScript',
        'Node.js',
        'HL7',
        'PostgreSQL',
        'AWS',
        'Kubernetes',
        'Terraform',
        'Epic',
        'Cerner',
        'HIPAA',
        'SOC 2',
      ],
    });
  });

  it('finds the JobPosting in an array, with telecommute, contractor pay per hour and explicit properties', () => {
    const result = extract('jsonld-array.html');
    expect(result?.source).toBe('json-ld');
    expect(result?.job).toEqual({
      title: 'Contract FHIR Integration Consultant',
      company: 'CarePath',
      location: 'Remote (United States)',
      job_type: 'contract',
      description:
        'A six-month engagement helping payer clients exchange data through FHIR and X12 837/835 transactions.\n\nQuestions? Email talent@carepath.example.',
      responsibilities: '- Map claims data between X12 and FHIR resources\n- Write Python transformation jobs',
      requirements: '- 3+ years with HL7 FHIR\n- Knowledge of ICD-10 and CPT code sets',
      salary_range: '$95 per hour',
      application_url: 'https://carepath.example/apply?job=fhir-consultant',
      contact_email: 'talent@carepath.example',
      deadline: '2026-04-15',
      skills: ['FHIR', 'X12', 'Python', 'ICD-10', 'CPT', 'Mirth Connect'],
    });
  });

  it('resolves @graph references (hiringOrganization by @id) and reads pay from the description', () => {
    const result = extract('jsonld-graph.html');
    expect(result?.source).toBe('json-ld');
    expect(result?.job).toEqual({
      title: 'Patient Support Specialist (Part-Time)',
      company: 'Brightside Clinics',
      location: 'Austin, TX, USA; Round Rock, TX, USA',
      job_type: 'part-time',
      description:
        'Help our patients book visits, understand their bills and use our patient portal.\n\nPay: $22 – $26 per hour, 20 hours a week.',
      responsibilities: '- Answer patient calls and chats\n- Schedule appointments in athenaOne',
      requirements:
        '- 1+ year in a medical front office\n- Comfortable with Excel and Zendesk\n- BLS certification a plus',
      salary_range: '$22 - $26 per hour',
      application_url: 'https://brightside.example/careers/apply/patient-support',
      contact_email: '',
      deadline: '2026-02-28',
      skills: ['athenaOne', 'Excel', 'Zendesk', 'BLS'],
    });
  });

  it('skips a broken JSON-LD block and uses the valid one (with a trailing comma repaired)', () => {
    const result = extract('broken-jsonld.html');
    expect(result?.source).toBe('json-ld');
    expect(result?.job).toEqual({
      title: 'Data Science Intern – Summer 2026',
      company: 'Medisync',
      location: 'Nashville, TN',
      job_type: 'internship',
      description:
        'Spend the summer building machine learning models on de-identified claims data.\n\nYou will work in Python with pandas and PyTorch, and present your results to our clinical leadership.',
      responsibilities: '',
      requirements:
        'Pursuing a degree in statistics, computer science or a related field. Coursework in NLP is a plus.',
      salary_range: '$32.50 per hour',
      application_url: 'https://careers.example.com/jobs/broken-jsonld',
      contact_email: '',
      deadline: '2026-03-01',
      skills: ['Machine Learning', 'Python', 'PyTorch', 'NLP'],
    });
  });

  it('accepts @type arrays and prefixed types; a JobPosting without a title is not a job', () => {
    const html = `<script type="application/ld+json">{"@type":["schema:JobPosting","Thing"],"name":"Nurse Informaticist","hiringOrganization":{"name":"Acme"},"employmentType":"OTHER"}</script>`;
    expect(extractJobFromHtml(html, 'https://acme.example/j/1')?.job).toMatchObject({
      title: 'Nurse Informaticist',
      company: 'Acme',
      job_type: '',
      application_url: 'https://acme.example/j/1',
    });
    const untitled = `<script type="application/ld+json">{"@type":"JobPosting","description":"x"}</script><p>Hi</p>`;
    expect(extractJobFromHtml(untitled, 'https://acme.example/')).toBeNull();
  });

  it('repairs raw newlines inside JSON strings and ignores blocks that are not JSON at all', () => {
    const html = `<script type="application/ld+json">not json</script><script type="application/ld+json">{"@type":"JobPosting","title":"Care
 Coordinator","employmentType":"PART_TIME"}</script>`;
    expect(extractJobFromHtml(html, 'https://acme.example/')?.job).toMatchObject({
      title: 'Care Coordinator',
      job_type: 'part-time',
    });
  });

  it('caps long fields (title 160, description 20,000 characters)', () => {
    const html = `<script type="application/ld+json">${JSON.stringify({
      '@type': 'JobPosting',
      title: 'T'.repeat(300),
      description: `<p>${'word '.repeat(6000)}</p>`,
    })}</script>`;
    const job = extractJobFromHtml(html, 'https://acme.example/')?.job;
    expect(job?.title).toHaveLength(160);
    expect(job?.description.length).toBeLessThanOrEqual(20_000);
    expect(job?.description.length).toBeGreaterThan(19_990);
  });
});

describe('extractJobFromHtml: microdata', () => {
  it('reads itemprop values, nested items, meta/time/content attributes', () => {
    const result = extract('microdata.html');
    expect(result?.source).toBe('microdata');
    expect(result?.job).toEqual({
      title: 'Product Designer, Clinician Tools',
      company: 'Vitalink',
      location: 'Seattle, WA, US',
      job_type: 'full-time',
      description:
        'Nurses spend hours in clunky charting tools. You will design the workflows that give that time back.\n\nYou will partner with RN advisors and engineers shipping in React.',
      responsibilities: '- Run user research with nurses and physicians\n- Prototype in Figma and test with clinicians',
      requirements: '- 4+ years of product design experience\n- Portfolio showing complex workflows; healthcare a plus',
      salary_range: '$130,000 - $160,000 per year',
      application_url: 'https://careers.example.com/careers/product-designer-clinician-tools',
      contact_email: '',
      deadline: '2026-05-01',
      skills: ['RN', 'React', 'User Research', 'Figma'],
    });
  });
});

describe('extractJobFromHtml: page fallback', () => {
  it('reads a page without structured data: headings, salary line, location label, mailto, apply link', () => {
    const result = extract('page-plain.html');
    expect(result?.source).toBe('page');
    expect(result?.job).toEqual({
      title: 'Clinical Data Analyst',
      company: 'Northwind Health',
      location: 'Hybrid, Chicago, IL',
      job_type: 'full-time',
      description:
        'Northwind Health runs 14 community hospitals across the Midwest. Our analytics team turns EHR data into insights that help care teams reduce readmissions.\n\nBenefits\n\nCompensation: $85k - $105k per year, plus an annual bonus.\n\nApplications close March 20, 2026. Questions? Email our recruiting team.',
      responsibilities:
        '- Build dashboards in Tableau on top of our Snowflake warehouse\n- Write SQL against Epic Clarity and Caboodle\n- Partner with quality teams on CMS measures',
      requirements:
        '- 2+ years of healthcare analytics experience\n- Strong SQL; Python or R a plus\n- Familiarity with ICD-10 and HIPAA',
      salary_range: '$85,000 - $105,000 per year',
      application_url: 'https://careers.example.com/careers/clinical-data-analyst/apply',
      contact_email: 'analytics-jobs@northwindhealth.example',
      deadline: '2026-03-20',
      skills: ['Tableau', 'Snowflake', 'SQL', 'Epic Clarity', 'Epic Caboodle', 'Python', 'R', 'ICD-10', 'HIPAA'],
    });
  });

  it('reads an ATS-style page: title and company from "<Company> - <Title>", bold pseudo-headings, boxed sections', () => {
    const result = extract('page-ats-style.html');
    expect(result?.source).toBe('page');
    expect(result?.job).toEqual({
      title: 'Telehealth RN Case Manager',
      company: 'Harbor Care',
      location: 'Remote, United States',
      job_type: 'full-time',
      description:
        'Harbor Care provides virtual care management for adults living with heart failure and COPD. Our nurses work with patients over video and phone between visits.\n\nThe base pay for this role is USD 78,000 - 92,000 a year, depending on experience.',
      responsibilities:
        '- Manage a panel of 80–100 patients through regular telehealth check-ins\n- Document encounters and care plans in Epic\n- Escalate changes in condition to the supervising physician',
      requirements:
        '- Active, unrestricted RN license (compact license preferred)\n- 3+ years of cardiac or pulmonary nursing\n- Current BLS certification',
      salary_range: '$78,000 - $92,000 per year',
      application_url: 'https://jobs.lever.co/harborcare/5f1c2e/apply',
      contact_email: '',
      deadline: '',
      skills: ['Telehealth', 'RN', 'Care Coordination', 'Epic', 'BLS'],
    });
  });

  it('reads <dt>/<dd> labels, the company from "<Title> | Careers at <Company>" and keeps sub-headings', () => {
    const result = extract('page-dl-labels.html');
    expect(result?.source).toBe('page');
    expect(result?.job).toEqual({
      title: 'Medical Coder II',
      company: 'Riverbend Medical Group',
      location: 'Denver, CO',
      job_type: 'part-time',
      description:
        'Riverbend Medical Group is a physician-led network of 40 clinics. Our coding team keeps claims accurate so our providers can focus on patients.\n\nPay range: $28.00 - $34.00 per hour.\n\nQuestions about this role? Contact recruiting@riverbendmed.example.',
      responsibilities:
        '- Assign ICD-10-CM and CPT codes to outpatient encounters\n- Review documentation in Epic and query providers when needed',
      requirements:
        '- CPC or CCS certification\n- 2+ years of multi-specialty coding\n\nPreferred Qualifications\n\n- Experience with risk adjustment (HCC)',
      salary_range: '$28 - $34 per hour',
      application_url: 'https://riverbendmed.example/apply/R-20931',
      contact_email: 'recruiting@riverbendmed.example',
      deadline: '',
      skills: ['ICD-10', 'CPT', 'Epic', 'CPC', 'CCS', 'HCC'],
    });
  });

  it('copes with very deep nesting and large pages without overflowing the stack', () => {
    const depth = 10_000;
    const deep = `<html><body><h1>Deep</h1>${'<div>'.repeat(depth)}x${'</div>'.repeat(depth)}<p>$50 - $60 per hour</p><a href="/apply">Apply</a></body></html>`;
    expect(extractJobFromHtml(deep, 'https://acme.example/')?.job).toMatchObject({
      title: 'Deep',
      salary_range: '$50 - $60 per hour',
      application_url: 'https://acme.example/apply',
    });
    const cards = Array.from({ length: 3000 }, (_, i) => `<div class="card"><p>Card ${i}</p><ul><li>a</li></ul></div>`);
    const big = `<html><body><h1>Nurse</h1><div>${cards.join('')}</div><h2>Requirements</h2><ul><li>RN</li></ul><p>$50 - $60 per hour</p><a href="/apply">Apply</a></body></html>`;
    expect(extractJobFromHtml(big, 'https://acme.example/')?.job.title).toBe('Nurse');
  });

  it('returns null for a page that is not a job posting', () => {
    expect(extract('no-job.html')).toBeNull();
  });

  it('returns null when the page has no usable title', () => {
    const html = '<html><body><h2>Requirements</h2><ul><li>SQL</li></ul><p>$100k - $120k</p></body></html>';
    expect(extractJobFromHtml(html, 'https://acme.example/')).toBeNull();
    expect(extractJobFromHtml('', 'https://acme.example/')).toBeNull();
  });
});
