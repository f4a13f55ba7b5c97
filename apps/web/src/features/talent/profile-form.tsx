import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, Eye, Link2 } from 'lucide-react';
import { useEffect } from 'react';
import { Controller, useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { scopedToast } from '@/lib/toast';
import {
  EMPLOYMENT_STATUSES,
  EMPLOYMENT_STATUS_LABELS,
  ENNEAGRAM_LABELS,
  ENNEAGRAM_TYPES,
  INVOLVEMENT_LABELS,
  INVOLVEMENT_OPTIONS,
  MYERS_BRIGGS_TYPES,
  TALENT_MESSAGES,
  needsCaliforniaNotice,
  profileCompleteness,
  talentProfileFormSchema,
  type TalentProfile,
  type TalentProfileForm,
  type TalentProfileInput,
} from '@referwell/shared';
import { CaliforniaNotice } from '@/components/california-notice';
import { ChipInput } from '@/components/chip-input';
import { ChoiceSelect } from '@/components/choice-select';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField, UnsavedChangesGuard, type FieldControlProps } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage, fieldErrors } from '@/lib/api';
import { useSaveProfile } from './api';
import { parsedToForm, profileToForm } from './profile-form-values';
import { ResumeUploadField } from './resume-upload-field';

const toast = scopedToast('talent-profile-page');

type ProfileFormController = UseFormReturn<TalentProfileForm, unknown, TalentProfileInput>;
type FieldName = keyof TalentProfileForm;

const MYERS_BRIGGS_LABELS = Object.fromEntries(MYERS_BRIGGS_TYPES.map((t) => [t, t])) as Record<
  (typeof MYERS_BRIGGS_TYPES)[number],
  string
>;

/** The Edit Profile form: personal, professional and skills sections, filled from a résumé, saved together. */
export function ProfileForm({ profile }: { profile: TalentProfile }) {
  const navigate = useNavigate();
  const save = useSaveProfile();
  const form: ProfileFormController = useForm<TalentProfileForm, unknown, TalentProfileInput>({
    resolver: zodResolver(talentProfileFormSchema),
    defaultValues: profileToForm(profile),
  });
  const { errors } = form.formState;
  const values = useWatch({ control: form.control });
  const completeness = profileCompleteness({
    titles: values.titles ?? [],
    skills: values.skills ?? [],
    technicalSkills: values.technicalSkills ?? [],
    softwareTools: values.softwareTools ?? [],
    industries: values.industries ?? [],
    interests: values.interests ?? [],
    location: values.location,
    bio: values.bio,
    employmentStatus: values.employmentStatus,
    linkedin: values.linkedin,
    portfolio: values.portfolio,
    hasResume: !!profile.resume,
  });

  useEffect(() => {
    form.reset(profileToForm(profile), { keepDirtyValues: true });
  }, [form, profile]);

  const onSubmit = form.handleSubmit((input) =>
    save.mutate(input as TalentProfileForm, {
      onSuccess: (saved) => {
        form.reset(profileToForm(saved));
        toast.success(TALENT_MESSAGES.savedTitle, { description: TALENT_MESSAGES.saved });
      },
      onError: (error) => {
        for (const [field, message] of Object.entries(fieldErrors(error))) {
          if (field in form.getValues()) form.setError(field as FieldName, { message });
        }
        toast.error(TALENT_MESSAGES.saveFailedTitle, {
          description: errorMessage(error, TALENT_MESSAGES.saveFailed),
        });
      },
    }),
  );

  const onLinkedinImport = () => {
    if (!form.getValues('linkedin')?.trim()) {
      toast.error(TALENT_MESSAGES.linkedinRequiredTitle, { description: TALENT_MESSAGES.linkedinRequired });
    } else {
      toast.info(TALENT_MESSAGES.linkedinSoonTitle, { description: TALENT_MESSAGES.linkedinSoon });
    }
  };

  const chips = (
    control: FieldControlProps,
    name: 'titles' | 'industries' | 'skills' | 'technicalSkills' | 'softwareTools' | 'interests',
    item: string,
    max?: number,
  ) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <ChipInput
          {...control}
          value={field.value ?? []}
          onChange={field.onChange}
          listLabel={`Added ${item}s`}
          itemName={item}
          placeholder={`Add ${/^[aeiou]/.test(item) ? 'an' : 'a'} ${item} and press Enter`}
          {...(max ? { max } : {})}
        />
      )}
    />
  );

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-6">
      {/* Parsed résumé fields are edits too: leaving before Save Changes asks first. */}
      <UnsavedChangesGuard when={form.formState.isDirty && !save.isPending} />
      <header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-3xl font-semibold tracking-tight">Edit Profile</h1>
          <p className="mt-2 text-muted-foreground">What referrers and companies see when they look for talent.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <Link to={`/view-talent-profile/${profile.id}`}>
              <Eye aria-hidden />
              View Public Profile
            </Link>
          </Button>
          <Button asChild variant="ghost">
            <Link to="/jobseeker-dashboard">
              <ArrowLeft aria-hidden />
              Back to Dashboard
            </Link>
          </Button>
        </div>
      </header>

      <Card>
        <CardContent className="grid gap-3 pt-6">
          <div className="flex items-center justify-between gap-4">
            <p className="font-medium" id="completeness-label">
              Profile completeness
            </p>
            <span className="text-sm font-semibold text-primary">{completeness.percent}%</span>
          </div>
          <div
            role="progressbar"
            aria-labelledby="completeness-label"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={completeness.percent}
            className="h-2 w-full overflow-hidden rounded-full bg-muted"
          >
            <div
              className="h-full rounded-full bg-primary transition-all"
              style={{ width: `${completeness.percent}%` }}
            />
          </div>
          {completeness.missing.length > 0 ? (
            <p className="text-sm text-muted-foreground">
              Add to be matched with more jobs: {completeness.missing.join(', ')}.
            </p>
          ) : (
            <p className="text-sm text-muted-foreground">Your profile has everything matching needs.</p>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h2">Personal Information</CardTitle>
          <CardDescription>Upload your resume to fill the form, then review and save.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          <ResumeUploadField
            profile={profile}
            onParsed={(parsed) => form.reset(parsedToForm(form.getValues(), parsed), { keepDefaultValues: true })}
          />
          <div className="grid gap-6 sm:grid-cols-2">
            <FormField id="profile-name" label="Full Name" error={errors.name?.message}>
              {(c) => <Input {...c} autoComplete="name" {...form.register('name')} />}
            </FormField>
            <FormField id="profile-email" label="Email">
              {(c) => <Input {...c} type="email" value={profile.email} readOnly className="bg-muted" />}
            </FormField>
            <FormField id="profile-phone" label="Phone" error={errors.phone?.message}>
              {(c) => <Input {...c} type="tel" autoComplete="tel" {...form.register('phone')} />}
            </FormField>
            <FormField id="profile-location" label="Location" error={errors.location?.message}>
              {(c) => <Input {...c} placeholder="e.g. Boston, MA or Remote" {...form.register('location')} />}
            </FormField>
          </div>
          {needsCaliforniaNotice(values.location) ? <CaliforniaNotice open /> : null}
          <FormField id="profile-superpower" label="What is your superpower?" error={errors.superpower?.message}>
            {(c) => (
              <Input
                {...c}
                placeholder="e.g. Turning clinical workflows into clear software"
                {...form.register('superpower')}
              />
            )}
          </FormField>
          <div className="grid gap-6 sm:grid-cols-2">
            <FormField id="profile-myersBriggs" label="Myers-Briggs Type" error={errors.myersBriggs?.message}>
              {(c) => (
                <Controller
                  control={form.control}
                  name="myersBriggs"
                  render={({ field }) => (
                    <ChoiceSelect
                      {...c}
                      value={field.value || undefined}
                      onChange={field.onChange}
                      choices={MYERS_BRIGGS_TYPES}
                      labels={MYERS_BRIGGS_LABELS}
                      placeholder="Select your type"
                    />
                  )}
                />
              )}
            </FormField>
            <FormField id="profile-enneagram" label="Enneagram Type" error={errors.enneagram?.message}>
              {(c) => (
                <Controller
                  control={form.control}
                  name="enneagram"
                  render={({ field }) => (
                    <ChoiceSelect
                      {...c}
                      value={field.value || undefined}
                      onChange={field.onChange}
                      choices={ENNEAGRAM_TYPES}
                      labels={ENNEAGRAM_LABELS}
                      placeholder="Select your type"
                    />
                  )}
                />
              )}
            </FormField>
          </div>
          <FormField id="profile-linkedin" label="LinkedIn Profile" error={errors.linkedin?.message}>
            {(c) => (
              <div className="flex gap-2">
                <Input
                  {...c}
                  type="url"
                  placeholder="https://www.linkedin.com/in/your-name"
                  className="min-w-0 flex-1"
                  {...form.register('linkedin')}
                />
                <Button type="button" variant="outline" onClick={onLinkedinImport}>
                  <Link2 aria-hidden />
                  Import
                </Button>
              </div>
            )}
          </FormField>
          <FormField id="profile-portfolio" label="Portfolio / Website" error={errors.portfolio?.message}>
            {(c) => <Input {...c} type="url" placeholder="https://" {...form.register('portfolio')} />}
          </FormField>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h2">Professional Information</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-6">
          <FormField id="profile-titles" label="Professional Titles" error={errors.titles?.message}>
            {(c) => chips(c, 'titles', 'title', 10)}
          </FormField>
          <FormField id="profile-bio" label="Professional Summary" error={errors.bio?.message}>
            {(c) => <Textarea {...c} rows={5} {...form.register('bio')} />}
          </FormField>
          <FormField id="profile-industries" label="Industries Worked In" error={errors.industries?.message}>
            {(c) => chips(c, 'industries', 'industry')}
          </FormField>
          <div className="grid gap-6 sm:grid-cols-3">
            <FormField
              id="profile-yearsOfExperience"
              label="Years of Experience"
              error={errors.yearsOfExperience?.message}
            >
              {(c) => (
                <Input
                  {...c}
                  type="number"
                  min={0}
                  max={60}
                  step={1}
                  {...form.register('yearsOfExperience', { valueAsNumber: true })}
                />
              )}
            </FormField>
            <FormField
              id="profile-employmentStatus"
              label="Current Employment Status"
              error={errors.employmentStatus?.message}
            >
              {(c) => (
                <Controller
                  control={form.control}
                  name="employmentStatus"
                  render={({ field }) => (
                    <ChoiceSelect
                      {...c}
                      value={field.value || undefined}
                      onChange={field.onChange}
                      choices={EMPLOYMENT_STATUSES}
                      labels={EMPLOYMENT_STATUS_LABELS}
                      placeholder="Select status"
                    />
                  )}
                />
              )}
            </FormField>
            <FormField id="profile-involvement" label="Preferred Involvement" error={errors.involvement?.message}>
              {(c) => (
                <Controller
                  control={form.control}
                  name="involvement"
                  render={({ field }) => (
                    <ChoiceSelect
                      {...c}
                      value={field.value || undefined}
                      onChange={field.onChange}
                      choices={INVOLVEMENT_OPTIONS}
                      labels={INVOLVEMENT_LABELS}
                      placeholder="Select involvement"
                    />
                  )}
                />
              )}
            </FormField>
          </div>
          <FormField id="profile-interests" label="Areas of Interest" error={errors.interests?.message}>
            {(c) => chips(c, 'interests', 'interest')}
          </FormField>
          <Controller
            control={form.control}
            name="discoverable"
            render={({ field }) => (
              <div className="flex items-start gap-3">
                <Checkbox
                  id="profile-discoverable"
                  checked={field.value ?? true}
                  onCheckedChange={(checked) => field.onChange(checked === true)}
                />
                <Label htmlFor="profile-discoverable" className="font-normal leading-snug">
                  Show my profile to referrers and companies in Find Candidates
                </Label>
              </div>
            )}
          />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h2">Skills &amp; Expertise</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-6">
          <FormField id="profile-skills" label="Skills" error={errors.skills?.message}>
            {(c) => chips(c, 'skills', 'skill')}
          </FormField>
          <FormField id="profile-technicalSkills" label="Technical Skills" error={errors.technicalSkills?.message}>
            {(c) => chips(c, 'technicalSkills', 'technical skill')}
          </FormField>
          <FormField id="profile-softwareTools" label="Software and Tools" error={errors.softwareTools?.message}>
            {(c) => chips(c, 'softwareTools', 'tool')}
          </FormField>
          <FormField id="profile-achievement" label="Notable Achievement" error={errors.achievement?.message}>
            {(c) => <Textarea {...c} rows={3} {...form.register('achievement')} />}
          </FormField>
        </CardContent>
      </Card>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            form.reset(profileToForm(profile));
            void navigate('/jobseeker-dashboard');
          }}
        >
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}
