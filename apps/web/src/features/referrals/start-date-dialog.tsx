import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { startDateFormSchema, type StartDateForm } from '@referwell/shared';
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
 * Asked when a candidate is moved to Hired: their first working day. A referral bonus becomes payable the
 * company's payout delay after it; without one it is due at once.
 */
export function StartDateDialog({
  name,
  open,
  onOpenChange,
  onConfirm,
}: {
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: (startDate: string | undefined) => void;
}) {
  const form = useForm<StartDateForm, unknown, { startDate?: string | undefined }>({
    resolver: zodResolver(startDateFormSchema),
    defaultValues: { startDate: '' },
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-[420px]">
        <DialogHeader>
          <DialogTitle>Mark {name} hired</DialogTitle>
          <DialogDescription>
            Their start date sets when a referral bonus becomes payable under your bonus policy.
          </DialogDescription>
        </DialogHeader>
        <Form form={form} className="grid gap-4" onValid={({ startDate }) => onConfirm(startDate)}>
          <FormField label="Start date (optional)" error={form.formState.errors.startDate?.message}>
            {(c) => <Input {...c} type="date" {...form.register('startDate')} />}
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit">Mark hired</Button>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
