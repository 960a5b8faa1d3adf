/** The verification page's buttons, in the integrator's colors (--brand, --brand-text). */
export function BrandButton({ className = "", ...props }: React.ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      className={`inline-flex min-h-12 w-full items-center justify-center rounded-lg bg-[var(--brand)] px-4 py-3 text-base font-semibold text-[var(--brand-text)] disabled:opacity-50 ${className}`}
      {...props}
    />
  );
}

export function SecondaryButton({ className = "", ...props }: React.ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button className={`inline-flex min-h-12 w-full items-center justify-center rounded-lg border border-current px-4 py-3 text-base font-medium ${className}`} {...props} />;
}
