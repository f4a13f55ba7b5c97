import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';

/**
 * A chart with the same figures as a table (for screen readers, keyboards and copying), switched by tabs; an
 * empty state instead of both when there is nothing to show.
 */
export function ChartCard({
  title,
  description,
  chart,
  table,
  empty,
  emptyText,
  action,
}: {
  title: string;
  description?: string;
  chart: ReactNode;
  table: ReactNode;
  empty: boolean;
  emptyText: string;
  action?: ReactNode;
}) {
  return (
    <Card className="min-w-0">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1">
          <CardTitle as="h2">{title}</CardTitle>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </div>
        {action}
      </CardHeader>
      <CardContent>
        {empty ? (
          <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">{emptyText}</p>
        ) : (
          <Tabs defaultValue="chart">
            <TabsList aria-label={`${title} view`}>
              <TabsTrigger value="chart">Chart</TabsTrigger>
              <TabsTrigger value="table">Table</TabsTrigger>
            </TabsList>
            <TabsContent value="chart" className="mt-4">
              <div role="img" aria-label={`${title} chart; the Table tab lists the same figures`}>
                {chart}
              </div>
            </TabsContent>
            <TabsContent value="table" className="mt-4">
              {table}
            </TabsContent>
          </Tabs>
        )}
      </CardContent>
    </Card>
  );
}
