import { platformText } from '@kite/domain';

export function NotFoundPage() {
  return (
    <main style={{ padding: 'var(--space-6)' }}>
      <h1>{platformText.notFound}</h1>
    </main>
  );
}
