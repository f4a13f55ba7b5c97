import type { ComponentProps } from 'react';
import { NavigationMenu as NavigationMenuPrimitive } from 'radix-ui';
import { ChevronDown } from 'lucide-react';
import { cn } from '@/lib/utils';

/**
 * Site navigation menus (Radix NavigationMenu): open on click, Enter/Space or hover, arrow keys
 * move between triggers, Escape closes. Each panel drops below its own trigger (no shared
 * viewport), and nothing here needs a positioning engine, which keeps the header light.
 */
export function NavigationMenu({ className, children, ...props }: ComponentProps<typeof NavigationMenuPrimitive.Root>) {
  return (
    <NavigationMenuPrimitive.Root
      data-slot="navigation-menu"
      delayDuration={100}
      skipDelayDuration={300}
      className={cn('relative flex items-center', className)}
      {...props}
    >
      {children}
    </NavigationMenuPrimitive.Root>
  );
}

export function NavigationMenuList({ className, ...props }: ComponentProps<typeof NavigationMenuPrimitive.List>) {
  return <NavigationMenuPrimitive.List className={cn('flex list-none items-center gap-1', className)} {...props} />;
}

export function NavigationMenuItem({ className, ...props }: ComponentProps<typeof NavigationMenuPrimitive.Item>) {
  return <NavigationMenuPrimitive.Item className={cn('relative', className)} {...props} />;
}

export function NavigationMenuTrigger({
  className,
  children,
  showChevron = true,
  ...props
}: ComponentProps<typeof NavigationMenuPrimitive.Trigger> & { showChevron?: boolean }) {
  return (
    <NavigationMenuPrimitive.Trigger
      className={cn(
        'group inline-flex cursor-pointer items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors',
        'hover:bg-muted hover:text-foreground data-[state=open]:text-foreground',
        'focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2',
        className,
      )}
      {...props}
    >
      {children}
      {showChevron ? (
        <ChevronDown className="size-4 transition-transform group-data-[state=open]:rotate-180" aria-hidden />
      ) : null}
    </NavigationMenuPrimitive.Trigger>
  );
}

export function NavigationMenuContent({
  className,
  align = 'start',
  ...props
}: ComponentProps<typeof NavigationMenuPrimitive.Content> & { align?: 'start' | 'end' }) {
  return (
    <NavigationMenuPrimitive.Content
      className={cn(
        'absolute top-full z-50 mt-2 min-w-56 rounded-lg border bg-popover p-1.5 text-popover-foreground shadow-lg',
        'data-[state=open]:animate-fade-in',
        align === 'end' ? 'right-0' : 'left-0',
        className,
      )}
      {...props}
    />
  );
}

export function NavigationMenuLink({ className, ...props }: ComponentProps<typeof NavigationMenuPrimitive.Link>) {
  return (
    <NavigationMenuPrimitive.Link
      className={cn(
        'flex w-full cursor-pointer flex-col items-start gap-0.5 rounded-md px-3 py-2 text-left text-sm transition-colors',
        'hover:bg-accent hover:text-accent-foreground focus-visible:bg-accent focus-visible:text-accent-foreground focus-visible:outline-hidden',
        className,
      )}
      {...props}
    />
  );
}
