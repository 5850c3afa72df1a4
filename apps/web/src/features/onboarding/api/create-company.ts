import { one } from '@adloop/contract/common';
import { type CompanyCreate, companyCreateSchema, companySchema } from '@adloop/contract/companies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { COMPANIES_QUERY_KEY } from '@/features/onboarding/api/get-companies';
import { http } from '@/lib/http';

const createdSchema = one(companySchema);

export async function createCompany(input: CompanyCreate) {
  const body = await http.post<unknown>('/api/ad-company', companyCreateSchema.parse(input));
  return createdSchema.parse(body).data;
}

export function useCreateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCompany,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COMPANIES_QUERY_KEY }),
  });
}
