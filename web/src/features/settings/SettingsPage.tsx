/**
 * The frame of a settings page (spec 2 'Constructor de IA', 'Integraciones y Conexiones'): the
 * page header (title and eyebrow from `PAGES`), then the form once the settings are read. The form
 * is re-mounted after each save (keyed by lastUpdated) so it shows exactly what the server stored.
 */
import { Fragment, type ReactNode } from 'react';
import { PAGES } from '@director-ia/shared';
import { PageHeader } from '../../ui/PageHeader';
import { QueryBoundary } from './Fields';

type PageKey = (typeof PAGES)[number]['key'];
type SettingsQuery<T> = { data: T | undefined; isError: boolean; error: unknown; refetch: () => unknown };

export function SettingsPage<T extends { lastUpdated: string | null }>({
  pageKey,
  fallbackTitle,
  subtitle,
  query,
  form,
}: {
  pageKey: PageKey;
  /** The title when `PAGES` has no entry for `pageKey`. */
  fallbackTitle: string;
  subtitle: string;
  query: SettingsQuery<T>;
  form: (data: T) => ReactNode;
}) {
  const page = PAGES.find((p) => p.key === pageKey);
  return (
    <>
      <PageHeader title={page?.title ?? fallbackTitle} eyebrow={page?.label} subtitle={subtitle} />
      <QueryBoundary query={query}>{(data) => <Fragment key={data.lastUpdated ?? 'new'}>{form(data)}</Fragment>}</QueryBoundary>
    </>
  );
}
