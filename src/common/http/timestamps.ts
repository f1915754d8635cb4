/** `meta.timestamps` as the API shows them: RFC 3339 UTC with milliseconds. */
export function timestamps(row: { createdAt: Date; updatedAt?: Date }) {
  return {
    created_at: row.createdAt.toISOString(),
    updated_at: (row.updatedAt ?? row.createdAt).toISOString(),
  };
}
