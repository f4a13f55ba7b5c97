import { Copy } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { copyWithToast } from '@/lib/clipboard';

/** A code shown large in a read-only field, with a Copy button that confirms with the given toast. */
export function CopyableCode({
  id,
  code,
  label,
  toastTitle,
  toastDescription,
}: {
  id: string;
  code: string;
  label: string;
  toastTitle: string;
  toastDescription: string;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <Input
          id={id}
          readOnly
          value={code}
          onFocus={(event) => event.currentTarget.select()}
          className="h-11 flex-1 border-dashed bg-muted font-mono text-lg font-semibold tracking-wider sm:text-lg"
        />
        <Button variant="outline" size="lg" onClick={() => void copyWithToast(code, toastTitle, toastDescription)}>
          <Copy aria-hidden />
          Copy
        </Button>
      </div>
    </div>
  );
}
