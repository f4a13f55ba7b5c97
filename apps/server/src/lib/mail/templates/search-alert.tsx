import { Text } from '@react-email/text';
import { Action, colors, Layout, Paragraph } from './layout';
import { defineTemplate } from './template';

export interface SearchAlertProps {
  name: string;
  savedSearchId: string;
  searchName: string;
  jobs: { title: string; company: string; location: string; path: string }[];
  /** The saved search on /search-jobs. */
  path: string;
}

const jobsLabel = (n: number) => (n === 1 ? '1 new job' : `${n} new jobs`);

/** New jobs matching a saved search; its unsubscribe link switches off this search's alerts only. */
export const searchAlert = defineTemplate<SearchAlertProps>({
  category: null,
  unsubscribeScope: (p) => `saved-search:${p.savedSearchId}`,
  subject: (p) => `${jobsLabel(p.jobs.length)} for "${p.searchName}"`,
  sample: {
    name: 'Morgan Example',
    savedSearchId: '00000000-0000-4000-8000-000000000000',
    searchName: 'Remote FHIR roles',
    path: '/search-jobs?q=fhir&workplace=remote',
    jobs: [
      {
        title: 'Healthcare Integration Engineer (HL7/FHIR)',
        company: 'Northwind Health',
        location: 'Remote (US)',
        path: '/job/sample',
      },
    ],
  },
  render: (p, frame) => (
    <Layout
      preview={`${jobsLabel(p.jobs.length)} match "${p.searchName}"`}
      heading={`${jobsLabel(p.jobs.length)} for "${p.searchName}"`}
      reason={`You get this e-mail because you turned on job alerts for your saved search "${p.searchName}".`}
      {...frame}
    >
      <Paragraph>Hi {p.name}, these jobs were posted since your last alert.</Paragraph>
      {p.jobs.map((job) => (
        <div key={job.path} style={{ margin: '0 0 16px' }}>
          <a href={frame.origin + job.path} style={{ color: colors.accent, fontWeight: 600 }}>
            {job.title}
          </a>
          <Text style={{ margin: '4px 0 0', color: colors.muted, fontSize: 14 }}>
            {job.company} · {job.location}
          </Text>
        </div>
      ))}
      <Action href={frame.origin + p.path}>See all matching jobs</Action>
    </Layout>
  ),
});
