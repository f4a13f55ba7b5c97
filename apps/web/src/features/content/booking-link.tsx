import { CalendarClock } from 'lucide-react';
import { Link } from 'react-router';
import { Button, type ButtonProps } from '@/components/ui/button';
import { useBookingUrl } from './client-values';
import { ExternalLink } from './external-link';

/**
 * 'Book a 30-minute call': to the booking address configured in the document head (a booking page
 * opens in a new tab; a mailto: link opens the mail app), or to the waitlist inside the app when
 * none is configured, and during server rendering and hydration.
 */
export function BookingLink({ variant, size = 'lg', className }: Pick<ButtonProps, 'variant' | 'size' | 'className'>) {
  const href = useBookingUrl();
  const label = (
    <>
      <CalendarClock aria-hidden />
      Book a 30-minute call
    </>
  );
  let link;
  if (href.startsWith('/')) link = <Link to={href}>{label}</Link>;
  else if (href.startsWith('mailto:')) link = <a href={href}>{label}</a>;
  else link = <ExternalLink href={href}>{label}</ExternalLink>;
  return (
    <Button asChild variant={variant} size={size} className={className}>
      {link}
    </Button>
  );
}
