import { ADMIN_PAGE_SIZE } from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import { adminApi } from './admin-api';

type Filters = Record<string, string | undefined>;

/**
 * One page of a back-office list (the admin API pages every list): the page shown, the query of
 * that page with `filters`, and what the Pager needs. A screen that changes a filter goes back to
 * page 1 itself (setPage(1)).
 */
export function usePagedQuery<Item>({
  name,
  path,
  schema,
  filters = {},
}: {
  /** The list's name in the query key, under 'admin' (invalidated with every admin action). */
  name: string;
  path: string;
  /** The page's schema in the domain (adminPageOf). */
  schema: z.ZodType<{ total: number; page: number; pageSize: number; items: Item[] }>;
  filters?: Filters;
}) {
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: ['admin', name, filters, page],
    queryFn: () => adminApi.get(path, { query: { ...filters, page }, schema }),
  });
  return {
    query,
    page,
    setPage,
    pager: {
      page,
      pageSize: query.data?.pageSize ?? ADMIN_PAGE_SIZE,
      total: query.data?.total ?? 0,
      onPage: setPage,
    },
  };
}
