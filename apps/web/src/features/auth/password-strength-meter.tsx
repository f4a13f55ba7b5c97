import { passwordProblem, passwordStrength } from '@referwell/shared/rules/password';
import { cn } from '@/lib/utils';

const BAR_COLOURS = ['bg-destructive', 'bg-destructive', 'bg-amber-500', 'bg-emerald-500', 'bg-emerald-600'];

/**
 * A live strength meter under a new-password field: four bars, a label read out politely to
 * screen readers, and the reason when the password would be refused (too common, the e-mail).
 */
export function PasswordStrengthMeter({ password, email, id }: { password: string; email?: string; id: string }) {
  if (!password) return null;
  const { score, label } = passwordStrength(password, email);
  const problem = password.length >= 8 ? passwordProblem(password, email) : null;
  return (
    <div id={id} className="grid gap-1" aria-live="polite">
      <div className="grid grid-cols-4 gap-1" aria-hidden>
        {[1, 2, 3, 4].map((bar) => (
          <span
            key={bar}
            className={cn('h-1.5 rounded-full', bar <= Math.max(score, 1) ? BAR_COLOURS[score] : 'bg-muted')}
          />
        ))}
      </div>
      <p className="text-sm text-muted-foreground">
        Password strength: <span className="font-medium text-foreground">{label}</span>
        {problem ? <span className="block">{problem}</span> : null}
      </p>
    </div>
  );
}
