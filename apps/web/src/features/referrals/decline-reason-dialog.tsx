import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  DECLINE_REASON_LABELS,
  DECLINE_REASONS,
  declineReasonFormSchema,
  type DeclineReasonForm,
} from '@referwell/shared';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Form, FormField } from '@/components/ui/form';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';

export type DeclineReasonAnswer = z.output<typeof declineReasonFormSchema>;

/**
 * Asked when a candidate is declined: why, as a category the referrer is told, and the team's own words, which
 * stay with the hiring team. The candidate hears only that the team is not moving forward.
 */
export function DeclineReasonDialog({
  name,
  open,
  onOpenChange,
  onConfirm,
}: {
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: (answer: DeclineReasonAnswer) => void;
}) {
  const form = useForm<DeclineReasonForm, unknown, DeclineReasonAnswer>({
    resolver: zodResolver(declineReasonFormSchema),
    defaultValues: { reasonNote: '' },
  });
  const close = (next: boolean) => {
    if (!next) form.reset();
    onOpenChange(next);
  };
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-w-[440px]">
        <DialogHeader>
          <DialogTitle>Not moving forward with {name}</DialogTitle>
          <DialogDescription>
            The referrer is told the reason you choose. Your own words stay with the hiring team; the candidate only
            hears that you are not moving forward.
          </DialogDescription>
        </DialogHeader>
        <Form
          form={form}
          className="grid gap-4"
          onValid={(answer) => {
            onConfirm(answer);
            form.reset();
          }}
        >
          <FormField label="Reason" error={form.formState.errors.reason?.message}>
            {(control) => (
              <Controller
                control={form.control}
                name="reason"
                render={({ field }) => (
                  <Select value={field.value ?? ''} onValueChange={field.onChange}>
                    <SelectTrigger {...control} onBlur={field.onBlur}>
                      <SelectValue placeholder="Choose a reason" />
                    </SelectTrigger>
                    <SelectContent>
                      {DECLINE_REASONS.map((reason) => (
                        <SelectItem key={reason} value={reason}>
                          {DECLINE_REASON_LABELS[reason]}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            )}
          </FormField>
          <FormField label="Note for the hiring team (optional)" error={form.formState.errors.reasonNote?.message}>
            {(control) => <Textarea {...control} rows={3} maxLength={1000} {...form.register('reasonNote')} />}
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => close(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive">
              Decline candidate
            </Button>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
