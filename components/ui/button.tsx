import type { ButtonHTMLAttributes } from "react";

const variants = {
  primary: "bg-brand-700 text-white hover:bg-brand-800 disabled:opacity-60",
  secondary: "border border-zinc-300 bg-white text-zinc-900 hover:bg-zinc-100 disabled:opacity-60",
  danger: "border border-red-300 bg-white text-red-700 hover:bg-red-50 disabled:opacity-60",
};

export function Button({ variant = "primary", className = "", ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: keyof typeof variants }) {
  return <button className={`inline-flex min-h-10 items-center justify-center rounded-md px-4 py-2 text-sm font-medium ${variants[variant]} ${className}`} {...props} />;
}
