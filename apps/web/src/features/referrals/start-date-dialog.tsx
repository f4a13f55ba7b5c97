import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { hireStartDateSchema, REFERRAL_MESSAGES, startDateFormSchema, type StartDateForm } from '@referwell/shared';
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
import { Input } from '@/components/ui/input';

/**
 * A hire's first working day. Asked when a candidate is moved to Hired (`mode: 'hire'`, optional: without one the
 * bonus clock runs from the hire day), or given later from the referral's bonus card (`mode: 'set'`, required). A
 * referral bonus becomes payable the company's payout delay after it.
 */
export function StartDateDialog({
  name,
  open,
  onOpenChange,
  onConfirm,
  mode = 'hire',
  pending = false,
}: {
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: (startDate: string | undefined) => void;
  mode?: 'hire' | 'set';
  pending?: boolean;
}) {
  const form = useForm<StartDateForm, unknown, { startDate?: string | undefined }>({
    resolver: zodResolver(mode === 'hire' ? startDateFormSchema : hireStartDateSchema),
    defaultValues: { startDate: '' },
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-[420px]">
        <DialogHeader>
          <DialogTitle>
            {mode === 'hire' ? `Mark ${name} hired` : REFERRAL_MESSAGES.setStartDateTitle(name)}
          </DialogTitle>
          <DialogDescription>
            {mode === 'hire'
              ? 'Their start date sets when a referral bonus becomes payable under your bonus policy. Without one, it counts from today.'
              : REFERRAL_MESSAGES.setStartDateDescription}
          </DialogDescription>
        </DialogHeader>
        <Form form={form} className="grid gap-4" onValid={({ startDate }) => onConfirm(startDate)}>
          <FormField
            label={mode === 'hire' ? 'Start date (optional)' : 'Start date'}
            error={form.formState.errors.startDate?.message}
          >
            {(c) => <Input {...c} type="date" {...form.register('startDate')} />}
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {mode === 'hire' ? 'Mark hired' : 'Save'}
            </Button>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
