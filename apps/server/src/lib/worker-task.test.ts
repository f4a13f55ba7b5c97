import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { closeWorkers, runInWorker } from './worker-task';

afterAll(closeWorkers);

const timeout = () => new AppError(422, 'TOO_SLOW', 'That page took too long to read.');
const patient = { timeoutMs: 20_000, onTimeout: timeout };

const jobPage = {
  url: 'https://acme.example/jobs/1',
  html: `<html><head><script type="application/ld+json">${JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: 'Clinical Data Engineer',
    description: '<p>Build pipelines for EHR data with Python.</p>',
    hiringOrganization: { '@type': 'Organization', name: 'Acme Health' },
  })}</script></head><body></body></html>`,
};

describe('runInWorker', () => {
  it('runs a task in a parsing process and returns its value', async () => {
    const result = await runInWorker('jobExtract', jobPage, patient);
    expect(result).toMatchObject({
      source: 'json-ld',
      job: { title: 'Clinical Data Engineer', company: 'Acme Health' },
    });
  });

  it('kills a task that runs past its time limit, reports the caller-chosen error and keeps serving', async () => {
    // A page of thousands of job-like sections (about 5 MB): reading it takes far longer than a 100 ms budget.
    // The worker is already warm from the test above, so the time limit is spent on the task, not on start-up.
    const section = (i: number) =>
      `<section class="job"><h2>Role ${i}</h2><p>Requirements: Python, SQL, HL7 and FHIR experience ${i}.</p>` +
      `<ul><li>Build pipelines</li><li>Own interfaces</li></ul></section>`;
    const hostile = {
      html: `<html><body>${Array.from({ length: 30_000 }, (_, i) => section(i)).join('')}</body></html>`,
      url: 'https://acme.example/',
    };
    const started = Date.now();
    await expect(runInWorker('jobExtract', hostile, { timeoutMs: 100, onTimeout: timeout })).rejects.toMatchObject({
      statusCode: 422,
      code: 'TOO_SLOW',
    });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await runInWorker('jobExtract', jobPage, patient)).toMatchObject({
      job: { title: 'Clinical Data Engineer' },
    });
  });
});
