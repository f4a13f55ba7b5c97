import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
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
import { Form, FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage, fieldErrors } from '@/lib/api';
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

type EditValues = z.output<typeof referrerProfileFormSchema>;
const TEXT_FIELDS = ['title', 'department', 'location', 'phone'] as const;
const TEXT_LABELS: Record<(typeof TEXT_FIELDS)[number], string> = {
  title: 'Job title',
  department: 'Department',
  location: 'Location',
  phone: 'Phone',
};

function EditForm({ profile, onClose }: { profile: ReferrerProfile; onClose: () => void }) {
  const save = useUpdateReferrerProfile();
  const defaultValues = {
    title: profile.title ?? '',
    department: profile.department ?? '',
    bio: profile.bio ?? '',
    phone: profile.phone ?? '',
    location: profile.location ?? '',
    skills: profile.skills,
    startDate: profile.startDate,
    acceptsRequests: profile.acceptsRequests,
    showContactDetails: profile.showContactDetails,
  };
  const form = useForm<ReferrerProfileForm, unknown, EditValues>({
    resolver: zodResolver(referrerProfileFormSchema),
    defaultValues,
  });
  const { errors } = form.formState;
  const id = useId();

  const onValid = (values: EditValues) =>
    save.mutate(values, {
      onSuccess: () => {
        toast.success('Profile updated', { description: 'Job seekers now see your new referrer profile.' });
        onClose();
      },
      onError: (error) => {
        for (const [field, message] of Object.entries(fieldErrors(error))) {
          if (field in defaultValues) form.setError(field as keyof ReferrerProfileForm, { message });
        }
        toast.error('Error', {
          description: errorMessage(error, 'Failed to save your profile. Please try again.'),
        });
      },
    });

  return (
    <Form form={form} onValid={onValid} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Edit referrer profile</DialogTitle>
        <DialogDescription>Job seekers see this when they look for a referrer at your company.</DialogDescription>
      </DialogHeader>
      <div className="grid gap-4 sm:grid-cols-2">
        {TEXT_FIELDS.map((key) => (
          <FormField key={key} label={TEXT_LABELS[key]} error={errors[key]?.message}>
            {(control) => <Input {...control} type={key === 'phone' ? 'tel' : 'text'} {...form.register(key)} />}
          </FormField>
        ))}
        <FormField label="Start date at the company" error={errors.startDate?.message}>
          {(control) => <Input {...control} type="date" {...form.register('startDate')} />}
        </FormField>
      </div>
      <FormField label="About" error={errors.bio?.message}>
        {(control) => <Textarea {...control} rows={4} maxLength={2000} {...form.register('bio')} />}
      </FormField>
      <FormField label="Skills & Expertise" error={errors.skills?.message}>
        {(control) => (
          <Controller
            control={form.control}
            name="skills"
            render={({ field }) => (
              <ChipInput
                {...control}
                value={field.value ?? []}
                onChange={field.onChange}
                listLabel="Your skills"
                itemName="skill"
                max={50}
                maxLength={60}
              />
            )}
          />
        )}
      </FormField>
      <Controller
        control={form.control}
        name="acceptsRequests"
        render={({ field }) => (
          <div className="flex items-center gap-2">
            <Checkbox
              id={`${id}-accepts`}
              checked={field.value}
              onCheckedChange={(checked) => field.onChange(checked === true)}
            />
            <Label htmlFor={`${id}-accepts`}>Job seekers may ask me for referrals</Label>
          </div>
        )}
      />
      <Controller
        control={form.control}
        name="showContactDetails"
        render={({ field }) => (
          <div className="grid gap-1">
            <div className="flex items-center gap-2">
              <Checkbox
                id={`${id}-contact`}
                checked={field.value}
                onCheckedChange={(checked) => field.onChange(checked === true)}
                aria-describedby={`${id}-contact-hint`}
              />
              <Label htmlFor={`${id}-contact`}>Show my e-mail and phone on my profile</Label>
            </div>
            <p id={`${id}-contact-hint`} className="pl-6 text-sm text-muted-foreground">
              Off by default: only you see them, colleagues included; people reach you through Referwell messages.
            </p>
          </div>
        )}
      />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Profile'}
        </Button>
      </DialogFooter>
    </Form>
  );
}
