import { one } from '@adloop/contract/common';
import { type CompanyUpdate, companySchema, companyUpdateSchema } from '@adloop/contract/companies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { COMPANIES_QUERY_KEY } from '@/features/onboarding/api/get-companies';
import { companyQueryKey } from '@/features/onboarding/api/get-company';
import { http } from '@/lib/http';

const companyResponseSchema = one(companySchema);

export async function updateCompany({ id, changes }: { id: string; changes: CompanyUpdate }) {
  const body = await http.patch<unknown>(
    `/api/ad-company/${encodeURIComponent(id)}`,
    companyUpdateSchema.parse(changes),
  );
  return companyResponseSchema.parse(body).data;
}

export function useUpdateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompany,
    onSuccess: async (company) => {
      queryClient.setQueryData(companyQueryKey(company.id), company);
      await queryClient.invalidateQueries({ queryKey: COMPANIES_QUERY_KEY });
    },
  });
}
