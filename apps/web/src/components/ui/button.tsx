import type { ButtonHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

export type ButtonVariant = 'primary' | 'secondary' | 'dark' | 'ghost' | 'onDark';
export type ButtonSize = 'md' | 'sm' | 'icon';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-lantern-500 text-night-900 hover:bg-lantern-400 active:bg-lantern-600 shadow-sm',
  secondary:
    'bg-white text-night-900 border border-night-200 hover:bg-night-50 active:bg-night-100',
  dark: 'bg-night-900 text-white hover:bg-night-800 active:bg-night-950',
  ghost: 'text-night-900 hover:bg-night-100 active:bg-night-200',
  onDark: 'text-white hover:bg-white/10 active:bg-white/15',
};

// Touch targets stay at least 44 px on mobile (WCAG 2.5.5); desktop may be denser.
const sizes: Record<ButtonSize, string> = {
  md: 'min-h-11 px-4 text-sm gap-2',
  sm: 'min-h-11 md:min-h-9 px-3 text-sm gap-1.5',
  icon: 'size-11 shrink-0',
};

/** The classes of a button, for links that look like buttons. */
export function buttonClasses({
  variant = 'primary',
  size = 'md',
  className,
}: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}) {
  return cn(
    'inline-flex items-center justify-center rounded-lg font-semibold transition-colors',
    'disabled:cursor-not-allowed disabled:opacity-50',
    variants[variant],
    sizes[size],
    className,
  );
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  ref?: React.Ref<HTMLButtonElement>;
}

export function Button({ variant, size, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClasses({ variant, size, className })} {...props} />;
}
