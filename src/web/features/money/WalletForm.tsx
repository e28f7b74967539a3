import type { ReactNode } from 'react';

/** A wallet form: Enter or the submit button runs `onSubmit` (the page never reloads). */
export default function WalletForm({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }) {
  return (
    <form
      className="wl-form"
      style={{ marginTop: 12 }}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}
