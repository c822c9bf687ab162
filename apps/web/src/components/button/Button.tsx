import type { ButtonHTMLAttributes } from 'react';
import styles from './button.module.css';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'buy' | 'sell' | 'ghost';
  size?: 'small' | 'medium';
}

export function Button({ variant = 'secondary', size = 'medium', className, type = 'button', ...rest }: ButtonProps) {
  return (
    <button
      type={type}
      className={[styles.button, styles[variant], styles[size], className].filter(Boolean).join(' ')}
      data-autofocus={rest.autoFocus ? '' : undefined}
      {...rest}
    />
  );
}
