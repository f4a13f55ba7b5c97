// The profile of a person a referrer referred by their details (features/referrals/external.ts): built from what
// the referrer typed and the résumé they sent, kept out of Find Candidates until the person claims it.
import { eq } from 'drizzle-orm';
import { cleanSkillList, type ParsedResume, type ResumeKind } from '@referwell/shared';
import type { Executor } from '../../db/repository';
import { resumeFiles, talentProfiles } from '../../db/schema';
import { contactKeys, ensureTalentProfile, skillKeysOf } from './service';
import { facetsChanged } from './facets';

export interface ReferredResume {
  storedName: string;
  originalName: string;
  kind: ResumeKind;
  sizeBytes: number;
  fields: ParsedResume;
}

/**
 * Fills the profile of a candidate the referral just created (an unclaimed account): not discoverable, with the
 * phone and LinkedIn address the referrer gave (else the résumé's) and what the résumé says about their work.
 */
export async function completeReferredProfile(
  tx: Executor,
  person: { id: string; name: string },
  input: { phone: string | null; linkedinUrl: string | null; fields: ParsedResume | null },
): Promise<void> {
  await ensureTalentProfile(tx, person);
  const f = input.fields;
  const skills = f ? cleanSkillList(f.skills).slice(0, 50) : [];
  const softwareTools = f ? cleanSkillList(f.softwareTools).slice(0, 50) : [];
  const phone = input.phone ?? f?.phone ?? null;
  const linkedin = input.linkedinUrl ?? f?.linkedin ?? null;
  await tx
    .update(talentProfiles)
    .set({
      discoverable: false,
      phone,
      linkedin,
      ...contactKeys(phone, linkedin),
      ...(f
        ? {
            location: f.location,
            portfolio: f.portfolio,
            bio: f.summary,
            title: f.titles[0] ?? null,
            titles: f.titles.slice(0, 10),
            yearsOfExperience: f.yearsOfExperience === null ? null : Math.round(f.yearsOfExperience),
            skills,
            softwareTools,
            industries: f.industries.slice(0, 20),
            skillKeys: skillKeysOf({ skills, technicalSkills: [], softwareTools }),
          }
        : {}),
      updatedAt: new Date(),
    })
    .where(eq(talentProfiles.id, person.id));
  await facetsChanged(tx);
}

/**
 * Keeps a résumé a referrer sent as a file of the candidate's (its storage key moves over from the upload), and as
 * the profile's résumé when the profile is the referral's own (an unclaimed account); returns the file's id.
 */
export async function keepReferredResume(
  tx: Executor,
  talentId: string,
  resume: ReferredResume,
  asProfileResume: boolean,
): Promise<string> {
  const [file] = await tx
    .insert(resumeFiles)
    .values({
      ownerId: talentId,
      storedName: resume.storedName,
      originalName: resume.originalName,
      kind: resume.kind,
      sizeBytes: resume.sizeBytes,
    })
    .returning({ id: resumeFiles.id });
  if (asProfileResume)
    await tx
      .update(talentProfiles)
      .set({ resumeFileId: file!.id, jsonResumePdf: { ...resume.fields, kind: resume.kind }, updatedAt: new Date() })
      .where(eq(talentProfiles.id, talentId));
  return file!.id;
}

/** The person who claimed a referred profile says whether companies may find it in Find Candidates. */
export async function setProfileDiscoverable(tx: Executor, talentId: string, discoverable: boolean): Promise<void> {
  await tx.update(talentProfiles).set({ discoverable, updatedAt: new Date() }).where(eq(talentProfiles.id, talentId));
  await facetsChanged(tx);
}
