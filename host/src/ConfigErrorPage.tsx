import { ConfigError, messages } from '@portal/shared';

/** Shown instead of the portal when `portal.config.json` is missing or wrong. */
export function ConfigErrorPage({ error }: { error: unknown }) {
  const problems =
    error instanceof ConfigError ? error.problems : [error instanceof Error ? error.message : String(error)];
  return (
    <main style={{ maxWidth: '40rem', margin: '4rem auto', padding: '0 1rem' }}>
      <h1>{messages.configInvalidTitle}</h1>
      <p>{messages.configInvalidText}</p>
      <ul>
        {problems.map((problem) => (
          <li key={problem}>
            <code>{problem}</code>
          </li>
        ))}
      </ul>
    </main>
  );
}
