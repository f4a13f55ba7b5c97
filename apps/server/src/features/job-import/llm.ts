import { z } from 'zod';
import type { Config } from '../../config';
import { cleanEmail, mapEmploymentType, parseDate, resolveUrl, type MappedJob } from '@referwell/page-reader';

export type LlmConfig = NonNullable<Config['llm']>;

/** The page text sent to the model is cut to this many characters. */
export const LLM_MAX_INPUT_CHARS = 24_000;

const SYSTEM_PROMPT = `You extract one job posting from the text of a web page.
Answer with a single JSON object and nothing else, with these string fields (use "" when the page does not say):
title, company, location, job_type (one of full-time, part-time, contract, internship, freelance, or ""),
description (the summary and about-the-role text), responsibilities (one per line), requirements (one per line),
salary_range, application_url, contact_email, deadline (YYYY-MM-DD),
and skills (an array of short skill names). If the page is not a job posting, answer {"title": ""}.
Copy text from the page; do not invent facts.`;

const text = z
  .unknown()
  .transform((v) =>
    typeof v === 'string' ? v.trim() : Array.isArray(v) ? v.filter((x) => typeof x === 'string').join('\n') : '',
  );

/** What the model must answer: every field optional and coerced to text; anything else is ignored. */
const answerSchema = z.object({
  title: text.optional(),
  company: text.optional(),
  location: text.optional(),
  job_type: text.optional(),
  description: text.optional(),
  responsibilities: text.optional(),
  requirements: text.optional(),
  salary_range: text.optional(),
  application_url: text.optional(),
  contact_email: text.optional(),
  deadline: text.optional(),
  skills: z
    .array(z.unknown())
    .optional()
    .catch(undefined)
    .transform((list) => (list ?? []).filter((s): s is string => typeof s === 'string')),
});

const completionSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1),
});

/**
 * Asks an OpenAI-compatible chat-completions endpoint for the job on a page (JSON mode). Returns the fields it found
 * (validated), or null when the page holds no job. Throws on transport errors and answers that are not the expected JSON.
 */
export async function extractWithLlm(
  llm: LlmConfig,
  pageText: string,
  pageUrl: string,
  options: { timeoutMs: number; fetchImpl?: typeof fetch } = { timeoutMs: 30_000 },
): Promise<MappedJob | null> {
  const response = await (options.fetchImpl ?? fetch)(`${llm.apiUrl}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${llm.apiKey}` },
    body: JSON.stringify({
      model: llm.model,
      temperature: 0,
      response_format: { type: 'json_object' },
      messages: [
        { role: 'system', content: SYSTEM_PROMPT },
        { role: 'user', content: `Page URL: ${pageUrl}\n\n${pageText.slice(0, LLM_MAX_INPUT_CHARS)}` },
      ],
    }),
    signal: AbortSignal.timeout(options.timeoutMs),
  });
  if (!response.ok) throw new Error(`LLM endpoint answered HTTP ${response.status}`);
  const completion = completionSchema.parse(await response.json());
  const content = (completion.choices[0]!.message.content ?? '').trim().replace(/^```(?:json)?\s*|\s*```$/g, '');
  const answer = answerSchema.parse(JSON.parse(content));
  if (!answer.title) return null;
  return {
    title: answer.title,
    company: answer.company ?? '',
    location: answer.location ?? '',
    job_type: mapEmploymentType(answer.job_type ?? ''),
    description: answer.description ?? '',
    responsibilities: answer.responsibilities ?? '',
    requirements: answer.requirements ?? '',
    salary_range: answer.salary_range ?? '',
    application_url: resolveUrl(answer.application_url, pageUrl),
    contact_email: cleanEmail(answer.contact_email),
    deadline: parseDate(answer.deadline),
    skillsText: answer.skills.join(', '),
  };
}
