import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { SCREENING_TEXTS, candidateIdsSchema, type CandidateIds } from '@referwell/shared';
import { CandidateIdsFields } from '@/components/candidate-ids-fields';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Form } from '@/components/ui/form';

/**
 * Asked when a company admin moves a candidate to Offer, where exclusion screening runs: an optional date of birth
 * or NPI so the screening can tell a match from someone with the same name.
 */
export function OfferDialog({
  name,
  open,
  onOpenChange,
  onConfirm,
}: {
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: (ids: CandidateIds) => void;
}) {
  const form = useForm<z.input<typeof candidateIdsSchema>, unknown, CandidateIds>({
    resolver: zodResolver(candidateIdsSchema),
    defaultValues: { dob: '', npi: '' },
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{SCREENING_TEXTS.offerTitle(name)}</DialogTitle>
          <DialogDescription>{SCREENING_TEXTS.idsOfferHint}</DialogDescription>
        </DialogHeader>
        <Form form={form} className="grid gap-4" onValid={onConfirm}>
          <CandidateIdsFields register={form.register} errors={form.formState.errors} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {SCREENING_TEXTS.cancel}
            </Button>
            <Button type="submit">{SCREENING_TEXTS.offerConfirm}</Button>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
