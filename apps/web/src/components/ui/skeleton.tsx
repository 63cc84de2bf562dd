import type { HTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

/** A grey placeholder shown while data loads; hidden from assistive technology. */
export function Skeleton({ className, ...attributes }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      {...attributes}
      aria-hidden="true"
      className={cn('animate-pulse rounded-md bg-night-100', className)}
    />
  );
}
