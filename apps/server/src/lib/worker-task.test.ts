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
  it('runs a task in a worker thread and returns its value', async () => {
    const result = await runInWorker('jobExtract', jobPage, patient);
    expect(result?.source).toBe('json-ld');
    expect(result?.job.title).toBe('Clinical Data Engineer');
    expect(result?.job.company).toBe('Acme Health');
  });

  it('terminates a task that runs past its time limit, reports the caller-chosen error and keeps serving', async () => {
    // Deep nesting makes the HTML parser work for many seconds: far beyond a 1 s budget.
    const hostile = { html: '<div>'.repeat(50_000), url: 'https://acme.example/' };
    const started = Date.now();
    await expect(runInWorker('jobExtract', hostile, { timeoutMs: 1_000, onTimeout: timeout })).rejects.toMatchObject({
      statusCode: 422,
      code: 'TOO_SLOW',
    });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect((await runInWorker('jobExtract', jobPage, patient))?.job.title).toBe('Clinical Data Engineer');
  });
});
