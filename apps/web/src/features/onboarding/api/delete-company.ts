import { useMutation, useQueryClient } from '@tanstack/react-query';
import { COMPANIES_QUERY_KEY } from '@/features/onboarding/api/get-companies';
import { companyQueryKey } from '@/features/onboarding/api/get-company';
import { http } from '@/lib/http';

export async function deleteCompany(id: string) {
  await http.delete(`/api/ad-company/${encodeURIComponent(id)}`);
}

export function useDeleteCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCompany,
    onSuccess: async (_result, id) => {
      queryClient.removeQueries({ queryKey: companyQueryKey(id) });
      await queryClient.invalidateQueries({ queryKey: COMPANIES_QUERY_KEY });
    },
  });
}
