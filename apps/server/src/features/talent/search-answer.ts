import { sql } from 'drizzle-orm';
import type { CandidateSearchResponse, TalentCard, TalentProfile } from '@referwell/shared';
import type { Db } from '../../db/client';
import { preparedRows } from '../../db/prepared';
import { ownBytes } from '../../lib/kept-json';
import type { AuthContext } from '../../platform/sessions/sessions';
import type { MatchedPage, MatchedRow } from './search-cache';
import { contactVisibleSql } from './service';

/**
 * A talent search answer is written as JSON bytes from parts instead of serialising (and validating) a response
 * object per request: the page's cards as kept bytes (the same for every viewer), each closed with this viewer's
 * contact details, then the stored facets as kept bytes, into one buffer outside the JavaScript heap that goes to
 * the socket as it is. Talent search's tail at 50 connections was garbage collection (ADR 0019): the response
 * object, its validated copy and the page's rows were most of what a request allocated.
 */

interface CardRow {
  id: string;
  slug: string;
  name: string;
  title: string | null;
  location: string | null;
  rating: number | null;
  skills: string[];
  technical_skills: string[];
  software_tools: string[];
  industries: string[];
  interests: string[];
  titles: string[];
  involvement: TalentProfile['involvement'];
  years_of_experience: number | null;
}

interface ContactRow {
  id: string;
  email: string;
  phone: string | null;
  has_resume: boolean;
}

/** A card as JSON text left open before its contact details: `{"id":…,"matchScore":75,"contact":`. */
function openCard(r: CardRow, matchScore: number | null, partial: boolean): string {
  const card: Omit<TalentCard, 'contact'> = {
    id: r.id,
    slug: r.slug,
    name: r.name,
    title: r.title,
    location: r.location,
    rating: r.rating === null ? null : Number(r.rating),
    skills: r.skills,
    technicalSkills: r.technical_skills,
    softwareTools: r.software_tools,
    industries: r.industries,
    interests: r.interests,
    titles: r.titles,
    involvement: r.involvement,
    yearsOfExperience: r.years_of_experience,
    matchScore: matchScore === null ? null : Number(matchScore),
    partial,
  };
  return `${JSON.stringify(card).slice(0, -1)},"contact":`;
}

/**
 * The matched talents' cards, in order, as open JSON text (kept with the search, search-cache.ts). Names, titles and
 * skills change only with a talent profile save, which drops every kept search (the talent NOTIFY).
 */
export async function openCards(
  db: Db,
  matched: MatchedRow[],
): Promise<Pick<MatchedPage, 'ids' | 'cards' | 'cardEnds'>> {
  const rows =
    matched.length === 0
      ? []
      : await preparedRows<CardRow>(
          db,
          sql`select p.id, p.slug, u.name, p.title, p.location, p.rating, p.skills, p.technical_skills, p.software_tools,
          p.industries, p.interests, p.titles, p.involvement, p.years_of_experience
        from unnest(${sql.param(matched.map((m) => m.id))}::uuid[]) with ordinality as page(id, n)
        join talent_profiles p on p.id = page.id join users u on u.id = p.id
        order by page.n`,
        );
  const byId = new Map(matched.map((m) => [m.id, m]));
  const cards = rows.map((r) => openCard(r, byId.get(r.id)?.match_score ?? null, byId.get(r.id)?.partial ?? false));
  let end = 0;
  const cardEnds = cards.map((card) => (end += Buffer.byteLength(card)));
  return { ids: rows.map((r) => r.id), cards: ownBytes(cards.join('')), cardEnds };
}

/**
 * The contact details this viewer may see on the page, as JSON text by talent id: read for every request (whether a
 * company may see them depends on its ties to the talent, which change without a profile save), only for those it
 * may see.
 */
export async function visibleContacts(
  db: Db,
  viewer: AuthContext,
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await preparedRows<ContactRow>(
    db,
    sql`select p.id, u.email, p.phone, p.resume_file_id is not null as has_resume
        from unnest(${sql.param(ids)}::uuid[]) as page(id)
        join talent_profiles p on p.id = page.id join users u on u.id = p.id
        where ${contactVisibleSql(sql`p.id`, viewer)}`,
  );
  return new Map(
    rows.map((r) => {
      const contact: NonNullable<TalentCard['contact']> = { email: r.email, phone: r.phone, hasResume: r.has_resume };
      return [r.id, JSON.stringify(contact)];
    }),
  );
}

const OPEN = '{"items":[';
const FACETS = '],"facets":';

/**
 * The answer: the kept cards closed with this viewer's contacts, the facets' kept bytes and the page's figures,
 * written once into a buffer of their exact size.
 */
export function answerBytes(
  page: Pick<MatchedPage, 'ids' | 'cards' | 'cardEnds'>,
  contacts: Map<string, string>,
  facets: Buffer,
  rest: Omit<CandidateSearchResponse, 'items' | 'facets'>,
): Buffer {
  const last = page.ids.length - 1;
  const closings = page.ids.map((id, i) => `${contacts.get(id) ?? 'null'}}${i < last ? ',' : ''}`);
  const end = `,${JSON.stringify(rest).slice(1)}`;
  const size =
    OPEN.length +
    page.cards.length +
    closings.reduce((sum, closing) => sum + Buffer.byteLength(closing), 0) +
    FACETS.length +
    facets.length +
    Buffer.byteLength(end);
  const answer = Buffer.allocUnsafe(size);
  let at = answer.write(OPEN);
  let start = 0;
  page.cardEnds.forEach((cardEnd, i) => {
    at += page.cards.copy(answer, at, start, cardEnd);
    at += answer.write(closings[i]!, at);
    start = cardEnd;
  });
  at += answer.write(FACETS, at);
  at += facets.copy(answer, at);
  at += answer.write(end, at);
  if (at !== size) throw new Error(`talent search answer: wrote ${at} of ${size} bytes`);
  return answer;
}
