import { useId, useState, type FormEvent } from 'react';
import { scopedToast } from '@/lib/toast';
import { referrerProfileFormSchema, type ReferrerProfile, type ReferrerProfileForm } from '@referwell/shared';
import { ChipInput } from '@/components/chip-input';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { ApiError, errorMessage } from '@/lib/api';
import { useUpdateReferrerProfile } from './api';

const toast = scopedToast('edit-referrer-profile-dialog');

/** A company member edits what job seekers see of them as a referrer (PUT /api/referrers/me). */
export function EditReferrerProfileDialog({
  profile,
  open,
  onOpenChange,
}: {
  profile: ReferrerProfile;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <EditForm profile={profile} onClose={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function EditForm({ profile, onClose }: { profile: ReferrerProfile; onClose: () => void }) {
  const save = useUpdateReferrerProfile();
  const [form, setForm] = useState<Required<Omit<ReferrerProfileForm, 'skills'>> & { skills: string[] }>({
    title: profile.title ?? '',
    department: profile.department ?? '',
    bio: profile.bio ?? '',
    phone: profile.phone ?? '',
    location: profile.location ?? '',
    skills: profile.skills,
    startDate: profile.startDate,
    acceptsRequests: profile.acceptsRequests,
    showContactDetails: profile.showContactDetails,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const id = useId();
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) =>
    setForm((current) => ({ ...current, [key]: value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = referrerProfileFormSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => {
        toast.success('Profile updated', { description: 'Job seekers now see your new referrer profile.' });
        onClose();
      },
      onError: (error) => {
        if (error instanceof ApiError) setErrors(error.fields);
        toast.error('Error', {
          description: errorMessage(error, 'Failed to save your profile. Please try again.'),
        });
      },
    });
  };

  const text = (key: 'title' | 'department' | 'phone' | 'location', label: string, type = 'text') => (
    <div className="grid gap-2">
      <Label htmlFor={`${id}-${key}`}>{label}</Label>
      <Input
        id={`${id}-${key}`}
        type={type}
        value={form[key]}
        onChange={(event) => set(key, event.target.value)}
        aria-invalid={!!errors[key]}
        aria-describedby={errors[key] ? `${id}-${key}-error` : undefined}
      />
      <FieldError id={`${id}-${key}-error`} message={errors[key]} />
    </div>
  );

  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate>
      <DialogHeader>
        <DialogTitle>Edit referrer profile</DialogTitle>
        <DialogDescription>Job seekers see this when they look for a referrer at your company.</DialogDescription>
      </DialogHeader>
      <div className="grid gap-4 sm:grid-cols-2">
        {text('title', 'Job title')}
        {text('department', 'Department')}
        {text('location', 'Location')}
        {text('phone', 'Phone', 'tel')}
        <div className="grid gap-2">
          <Label htmlFor={`${id}-startDate`}>Start date at the company</Label>
          <Input
            id={`${id}-startDate`}
            type="date"
            value={form.startDate}
            onChange={(event) => set('startDate', event.target.value)}
            aria-invalid={!!errors.startDate}
            aria-describedby={errors.startDate ? `${id}-startDate-error` : undefined}
          />
          <FieldError id={`${id}-startDate-error`} message={errors.startDate} />
        </div>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-bio`}>About</Label>
        <Textarea
          id={`${id}-bio`}
          value={form.bio}
          onChange={(event) => set('bio', event.target.value)}
          rows={4}
          maxLength={2000}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-skills`}>Skills &amp; Expertise</Label>
        <ChipInput
          id={`${id}-skills`}
          value={form.skills}
          onChange={(skills) => set('skills', skills)}
          listLabel="Your skills"
          itemName="skill"
          max={50}
          maxLength={60}
        />
      </div>
      <div className="flex items-center gap-2">
        <Checkbox
          id={`${id}-accepts`}
          checked={form.acceptsRequests}
          onCheckedChange={(checked) => set('acceptsRequests', checked === true)}
        />
        <Label htmlFor={`${id}-accepts`}>Job seekers may ask me for referrals</Label>
      </div>
      <div className="grid gap-1">
        <div className="flex items-center gap-2">
          <Checkbox
            id={`${id}-contact`}
            checked={form.showContactDetails}
            onCheckedChange={(checked) => set('showContactDetails', checked === true)}
            aria-describedby={`${id}-contact-hint`}
          />
          <Label htmlFor={`${id}-contact`}>Show my e-mail and phone on my profile</Label>
        </div>
        <p id={`${id}-contact-hint`} className="pl-6 text-sm text-muted-foreground">
          Off by default: job seekers reach you through Referwell messages.
        </p>
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Profile'}
        </Button>
      </DialogFooter>
    </form>
  );
}
