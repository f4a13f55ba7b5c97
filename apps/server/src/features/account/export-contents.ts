import { sql } from 'drizzle-orm';
import { ZipFile } from 'yazl';
import type { Db } from '../../db/client';
import { selectRows } from '../../db/repository';
import { readAll, type FileStorage } from '../../lib/storage';
import { peopleWithCompany } from '../../platform/membership/people';
import type { Secrets } from '../../lib/secrets';
import { ownSelfIdAnswers } from '../self-id/port';

/**
 * What "Export my data" hands a person: everything the product holds about them, one JSON file per kind. Other
 * people appear by name only where the person saw them (a referrer, a conversation partner); a candidate the
 * person referred is named, not copied.
 */
async function collect(db: Db, secrets: Secrets, userId: string): Promise<Record<string, unknown>> {
  const rows = <T = Record<string, unknown>>(query: ReturnType<typeof sql>) => selectRows<T>(db, query);
  const [account] = await rows(sql`
    select p.id, p.name, p.email, p.type, p.avatar_url as "avatarUrl", p.referral_code as "referralCode",
           p.email_confirmed_at as "emailConfirmedAt", p.created_at as "createdAt", p.company_name as "companyName",
           p.company_role as "companyRole", p.title, p.department, p.joined_company_at as "joinedCompanyAt"
      from ${peopleWithCompany} p
     where p.id = ${userId}`);
  const [talentProfile] = await rows(sql`
    select slug, phone, location, linkedin, portfolio, bio, title, years_of_experience as "yearsOfExperience",
           employment_status as "employmentStatus", involvement, myers_briggs as "myersBriggs", enneagram, superpower,
           achievement, skills, technical_skills as "technicalSkills", software_tools as "softwareTools", industries,
           titles, interests, discoverable, json_resume_pdf as "parsedResume", created_at as "createdAt",
           updated_at as "updatedAt"
      from talent_profiles where id = ${userId}`);
  const [referrerProfile] = await rows(sql`
    select accepts_requests as "acceptsRequests", show_contact_details as "showContactDetails", bio, phone, location,
           skills, started_on as "startedOn", updated_at as "updatedAt"
      from referrer_profiles where user_id = ${userId}`);

  const applications = await rows(sql`
    select j.title as "jobTitle", c.name as "companyName", p.stage, p.application_note as "note",
           p.applied_at as "appliedAt", p.updated_at as "updatedAt"
      from candidate_pipelines p join job_postings j on j.id = p.job_id left join companies c on c.id = j.company_id
     where p.talent_id = ${userId} and p.applied_at is not null
     order by p.applied_at`);

  // The date of birth and NPI given to a company for its exclusion screening (on applying, or asked for at Offer).
  const screeningIdentifiers = await rows(sql`
    select j.title as "jobTitle", c.name as "companyName", to_char(p.dob, 'YYYY-MM-DD') as "dateOfBirth", p.npi
      from candidate_pipelines p join job_postings j on j.id = p.job_id left join companies c on c.id = j.company_id
     where p.talent_id = ${userId} and (p.dob is not null or p.npi is not null)
     order by p.created_at`);

  const referralRequests = await rows(sql`
    select case when r.talent_id = ${userId} then 'sent' else 'received' end as direction,
           j.title as "jobTitle", c.name as "companyName",
           case when r.talent_id = ${userId} then referrer.name else talent.name end as "otherPerson",
           r.message, r.status, r.decline_reason as "declineReason", r.created_at as "createdAt",
           r.updated_at as "updatedAt"
      from referral_requests r
      join job_postings j on j.id = r.job_id left join companies c on c.id = j.company_id
      join users referrer on referrer.id = r.referrer_id join users talent on talent.id = r.talent_id
     where r.talent_id = ${userId} or r.referrer_id = ${userId}
     order by r.created_at`);

  const referralsAboutMe = await rows(sql`
    select j.title as "jobTitle", c.name as "companyName", referrer.name as "referrerName", r.relationship,
           r.vouch, r.candidate_note as "referrerNoteForYou", r.status, r.consent,
           r.talent_profile as "profileSharedWithCompany", r.created_at as "createdAt"
      from referrals r join job_postings j on j.id = r.job_id join companies c on c.id = r.company_id
      left join users referrer on referrer.id = r.referrer_id
     where r.talent_id = ${userId} order by r.created_at`);
  const referralsIMade = await rows(sql`
    select j.title as "jobTitle", c.name as "companyName", r.talent_profile->>'name' as "candidateName",
           r.relationship, r.vouch, r.notes as "noteForHiringTeam", r.candidate_note as "noteForCandidate",
           r.status, r.consent, r.bonus_amount as "bonusAmount",
           r.bonus_currency as "bonusCurrency", r.bonus_state as "bonusState", r.bonus_paid_on as "bonusPaidOn",
           r.created_at as "createdAt"
      from referrals r join job_postings j on j.id = r.job_id join companies c on c.id = r.company_id
     where r.referrer_id = ${userId} order by r.created_at`);

  const conversations = await rows(sql`
    select c.id, c.subject, c.created_at as "createdAt",
           (select coalesce(json_agg(u.name order by u.name), '[]'::json)
              from conversation_participants o join users u on u.id = o.user_id
             where o.conversation_id = c.id and o.user_id <> ${userId}) as "with",
           (select coalesce(json_agg(json_build_object(
                     'from', case when m.sender_id = ${userId} then 'me' else coalesce(s.name, 'Deleted user') end,
                     'text', m.content, 'sentAt', m.created_at) order by m.created_at, m.id), '[]'::json)
              from messages m left join users s on s.id = m.sender_id
             where m.conversation_id = c.id) as messages
      from conversations c join conversation_participants me on me.conversation_id = c.id and me.user_id = ${userId}
     order by c.created_at`);

  const notifications = await rows(sql`
    select title, message, type, is_read as "read", created_at as "createdAt"
      from notifications where user_id = ${userId} order by created_at`);
  const kudos = await rows(sql`
    select author, title, company, superpower, rating, text, created_at as "createdAt"
      from kudos where talent_id = ${userId} order by created_at`);
  const kudosRequests = await rows(sql`
    select recommender_email as "recommenderEmail", created_at as "createdAt", used_at as "answeredAt"
      from kudos_requests where talent_id = ${userId} order by created_at`);
  const emailPreferences = await rows(sql`
    select category, frequency from email_preferences where user_id = ${userId} order by category`);
  // The passkeys' names and dates (their public keys and credential ids say nothing about the person).
  const passkeys = await rows(sql`
    select name, created_at as "createdAt", last_used_at as "lastUsedAt"
      from passkeys where user_id = ${userId} order by created_at`);
  const connections = await rows(sql`
    select k.kind, k.first_name as "firstName", k.last_name as "lastName", k.profile_url as "profileUrl",
           k.email, k.company, k.position, k.connected_on as "connectedOn", j.title as "fitsRole",
           r.name as "refersOnReferwell", k.created_at as "keptAt"
      from connection_matches k left join job_postings j on j.id = k.job_id left join users r on r.id = k.referrer_id
     where k.user_id = ${userId} order by k.created_at`);

  return {
    'profile.json': { account, talentProfile: talentProfile ?? null, referrerProfile: referrerProfile ?? null },
    'applications.json': applications,
    'referral-requests.json': referralRequests,
    'referrals.json': { aboutMe: referralsAboutMe, madeByMe: referralsIMade },
    'messages.json': conversations,
    'notifications.json': notifications,
    'kudos.json': { received: kudos, requested: kudosRequests },
    'connections.json': connections,
    'settings.json': { emailPreferences, passkeys },
    'screening-identifiers.json': screeningIdentifiers,
    'self-identification.json': await ownSelfIdAnswers(db, secrets, userId),
  };
}

const README = `Your Referwell data
===================

profile.json            your account, job seeker profile and referrer profile
applications.json       jobs you applied to and where each stands
referral-requests.json  referral requests you sent or received
referrals.json          referrals about you and referrals you made
messages.json           your conversations with every message sent or received
notifications.json      your notifications
kudos.json              kudos you received and asked for
connections.json        LinkedIn connections you kept as matches
settings.json           your e-mail settings and passkeys (names and dates)
screening-identifiers.json  the date of birth and NPI you gave companies for exclusion screening
self-identification.json  your voluntary self-identification answers, per job
resume/                 the résumé file you uploaded, as you uploaded it
`;

/** The résumé a job seeker uploaded, as kept in file storage, with the name they gave it. */
async function resumeFile(db: Db, storage: FileStorage, userId: string) {
  const [row] = await selectRows<{ key: string; originalName: string }>(
    db,
    sql`select f.stored_name as key, f.original_name as "originalName"
          from talent_profiles p join resume_files f on f.id = p.resume_file_id where p.id = ${userId}`,
  );
  const stored = row ? await storage.get(row.key) : null;
  if (!row || !stored) return null;
  const safeName = row.originalName.replace(/[/\\\0]/g, '_').slice(0, 200) || 'resume';
  return { name: `resume/${safeName}`, bytes: await readAll(stored) };
}

/** Builds the ZIP of a person's data in memory (its largest part is a résumé of at most 5 MB). */
export async function buildExportZip(db: Db, storage: FileStorage, secrets: Secrets, userId: string): Promise<Buffer> {
  const zip = new ZipFile();
  const mtime = new Date();
  zip.addBuffer(Buffer.from(README), 'README.txt', { mtime });
  for (const [name, content] of Object.entries(await collect(db, secrets, userId)))
    zip.addBuffer(Buffer.from(JSON.stringify(content, null, 2)), name, { mtime });
  const resume = await resumeFile(db, storage, userId);
  if (resume) zip.addBuffer(resume.bytes, resume.name, { mtime, compress: false });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
