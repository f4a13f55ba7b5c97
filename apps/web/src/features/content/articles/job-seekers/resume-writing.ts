import type { ArticleBody } from '../types';

export const body: ArticleBody = {
  introduction: `A hiring manager typically spends under a minute on a first read of a resume. In healthcare technology, that minute has to answer several questions at once: can this person do the work, do they understand the clinical and regulatory environment, and have they used the systems we run?

A referral gets your resume read by the right person. This guide helps make sure that, once it is read, it makes the case for you.`,
  sections: [
    {
      title: 'Lead with outcomes, not duties',
      body: `"Responsible for EHR optimization" describes a job. "Redesigned 14 inpatient order sets, cutting average ordering time by 30%" describes what you achieved. Hiring teams want the second kind of line.

For each role, list three to five bullet points that start with a strong verb and end with a result. Where you cannot share exact figures, use relative ones (halved, doubled, reduced from days to hours) or scope (across 12 clinics, for 2,000 users).`,
      bullets: [
        'Weak: "Worked on interfaces between the lab system and the EHR."',
        'Strong: "Built and maintained 20 HL7 v2 lab interfaces, reducing result-delivery errors by 40% in the first quarter."',
        'Weak: "Trained staff on new software."',
        'Strong: "Trained 300 nurses as a super-user during an ambulatory EHR go-live with no unplanned downtime."',
      ],
    },
    {
      title: 'Name the systems and standards you know',
      body: `Applicant tracking systems and recruiters both search for specific terms. Name the tools and standards you have genuinely used, in the context where you used them, and add a short skills section that gathers them in one place.`,
      bullets: [
        'EHR and clinical systems: the platforms and modules you have worked with, plus any vendor certifications.',
        'Interoperability: HL7 v2, FHIR (including US Core), CDA, DICOM, X12 837 and 835 transactions.',
        'Terminologies: ICD-10, CPT, SNOMED CT, LOINC, RxNorm.',
        'Data and cloud: SQL, Python, data warehouses, and any experience running workloads that hold protected health information.',
        'Regulatory context: HIPAA, information blocking rules, FDA software guidance, SOC 2 or HITRUST audits.',
      ],
    },
    {
      title: 'Show credentials clearly',
      body: `Licenses and certifications are often hard requirements, and hiring teams will verify them. List each one with its full name, issuing body and status, and the state for clinical licenses. Include active professional certifications such as nursing, pharmacy or health information management credentials, informatics certifications, and security or cloud certifications for technical roles.

If you hold a license you no longer practice under, you can still list it: it tells a technical team that you understand the clinical side first-hand.`,
    },
    {
      title: 'Format for people and for applicant tracking systems',
      body: `Fancy layouts can confuse the software that parses your resume before any human sees it. Keep the structure simple and predictable.`,
      bullets: [
        'Use a single column, standard section headings and a common font.',
        'Avoid text in images, tables for layout, and information hidden in headers or footers.',
        'Save as PDF unless the application asks for another format.',
        'Keep it to one page for under ten years of experience and two pages otherwise.',
        'Put your name, email, phone, location and LinkedIn address at the top.',
      ],
    },
    {
      title: 'Tailor each application',
      body: `Read the job description closely and mirror its language where it is honestly true of you. If the posting emphasizes "clinical workflow analysis", make sure those words appear next to your most relevant experience. The [O*NET OnLine](https://www.onetonline.org/) occupation profiles are a useful way to find the standard vocabulary for a role you are moving into.

Keep a master resume with everything, and trim a copy for each role. Ten minutes of tailoring is usually worth more than another ten applications.`,
    },
    {
      title: 'Keep patient and employer information out',
      body: `Never include patient names, record numbers, screenshots of clinical systems or internal financial figures your employer would consider confidential. Describe the problem, your contribution and the outcome, and keep the detail at a level you would be comfortable seeing on a public website.`,
    },
  ],
  cards: [
    {
      title: 'Outcomes',
      body: 'Every bullet should answer "so what?" with a result, a number or a clear scope.',
    },
    {
      title: 'Keywords',
      body: 'Name the systems, standards and credentials you really know, in context.',
    },
    {
      title: 'Clarity',
      body: 'Simple formatting gets you past the software and makes you easy to read.',
    },
  ],
  conclusion: `Your resume is an argument for why you should get the interview. Make every line earn its place with outcomes, name the systems and standards that prove your fit, and keep the format clean. Pair it with a referral from someone who knows the team, and you give the hiring manager every reason to call.`,
};
