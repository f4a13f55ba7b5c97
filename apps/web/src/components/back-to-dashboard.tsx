import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

export function BackToDashboard() {
  return (
    <Button asChild variant="ghost" className="-ml-3 mb-4">
      <Link to="/referrer-dashboard">
        <ArrowLeft aria-hidden />
        Back to Dashboard
      </Link>
    </Button>
  );
}
