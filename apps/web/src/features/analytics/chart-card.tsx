import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';

interface FigureCardProps {
  title: string;
  description?: string;
  empty: boolean;
  emptyText: string;
  action?: ReactNode;
}

/** The analytics page's empty state: what a card shows instead of figures when its period has none. */
export function EmptyFigures({ children }: { children: ReactNode }) {
  return <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">{children}</p>;
}

/** A card of figures with its title, an optional action (an export) and an empty state instead of the figures. */
export function FigureCard({
  title,
  description,
  empty,
  emptyText,
  action,
  children,
}: FigureCardProps & { children: ReactNode }) {
  return (
    <Card className="min-w-0">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1">
          <CardTitle as="h2">{title}</CardTitle>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </div>
        {action}
      </CardHeader>
      <CardContent>{empty ? <EmptyFigures>{emptyText}</EmptyFigures> : children}</CardContent>
    </Card>
  );
}

/**
 * A chart with the same figures as a table (for screen readers, keyboards and copying), switched by tabs; an
 * empty state instead of both when there is nothing to show.
 */
export function ChartCard({ chart, table, ...card }: FigureCardProps & { chart: ReactNode; table: ReactNode }) {
  return (
    <FigureCard {...card}>
      <Tabs defaultValue="chart">
        <TabsList aria-label={`${card.title} view`}>
          <TabsTrigger value="chart">Chart</TabsTrigger>
          <TabsTrigger value="table">Table</TabsTrigger>
        </TabsList>
        <TabsContent value="chart" className="mt-4">
          <div role="img" aria-label={`${card.title} chart; the Table tab lists the same figures`}>
            {chart}
          </div>
        </TabsContent>
        <TabsContent value="table" className="mt-4">
          {table}
        </TabsContent>
      </Tabs>
    </FigureCard>
  );
}
