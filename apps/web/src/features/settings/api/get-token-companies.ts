import { useQuery } from '@tanstack/react-query';
import { companyResource } from '@/lib/resources/companies';

/** A token's company is chosen from a short list; a network with more picks by the first letters. */
const COMPANY_CHOICES = 100;

/** The active companies a token may be for, by name: the caller's own (a company admin) or any advertiser (a global admin). */
export function useTokenCompanies(enabled: boolean) {
  return useQuery({
    ...companyResource.listOptions({ page: 1, pageSize: COMPANY_CHOICES, sort: 'name', is_active: 'true' }),
    enabled,
  });
}
