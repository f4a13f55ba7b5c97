import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

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
  const [startDate, setStartDate] = useState('');
  const id = useId();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-[420px]">
        <DialogHeader>
          <DialogTitle>Mark {name} hired</DialogTitle>
          <DialogDescription>
            Their start date sets when a referral bonus becomes payable under your bonus policy.
          </DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            onConfirm(startDate || undefined);
          }}
        >
          <div className="grid gap-1.5">
            <Label htmlFor={id}>Start date (optional)</Label>
            <Input id={id} type="date" value={startDate} onChange={(event) => setStartDate(event.target.value)} />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit">Mark hired</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
