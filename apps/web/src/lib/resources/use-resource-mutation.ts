import { type QueryClient, type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Resource } from '@/lib/resources/define-resource';

type ResourceMutation<Variables, Result> = {
  mutationFn: (variables: Variables) => Promise<Result>;
  /** Every query under these keys is refreshed once the write succeeds. */
  changes: readonly QueryKey[];
  /** Runs first: e.g. the answer written into its detail query, so an open page does not flash the old row. */
  settle?: (queryClient: QueryClient, result: Result, variables: Variables) => void;
};

/** A write to the API that refreshes every cached view of the resources it changes (decision 070). */
export function useResourceMutation<Variables, Result>({
  mutationFn,
  changes,
  settle,
}: ResourceMutation<Variables, Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (result: Result, variables: Variables) => {
      settle?.(queryClient, result, variables);
      await Promise.all(changes.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}

/** Storing a row an action answered with under its detail key. */
export function storeDetail<Row>(resource: Pick<Resource, 'keys'> & { idOf: (row: Row) => string }) {
  return (queryClient: QueryClient, row: Row) =>
    queryClient.setQueryData(resource.keys.detail(resource.idOf(row)), row);
}

type Writable<Create, Created, Update, Row> = {
  keys: Resource['keys'];
  changes: readonly QueryKey[];
  idOf: (row: Row) => string;
  create: (input: Create) => Promise<Created>;
  update: (variables: { id: string; changes: Update }) => Promise<Row>;
  remove: (id: string) => Promise<void>;
};

export function useCreateResource<Create, Created, Update, Row>(resource: Writable<Create, Created, Update, Row>) {
  return useResourceMutation({ mutationFn: resource.create, changes: resource.changes });
}

export function useUpdateResource<Create, Created, Update, Row>(resource: Writable<Create, Created, Update, Row>) {
  return useResourceMutation({ mutationFn: resource.update, changes: resource.changes, settle: storeDetail(resource) });
}

export function useDeleteResource<Create, Created, Update, Row>(resource: Writable<Create, Created, Update, Row>) {
  return useResourceMutation({
    mutationFn: resource.remove,
    changes: resource.changes,
    settle: (queryClient, _result, id) => queryClient.removeQueries({ queryKey: resource.keys.detail(id) }),
  });
}
