import { IsOptional } from 'class-validator';

/** The field may be left out or `null` (which clears it); any other value is validated. Compare OptionalNotNull. */
export const Nullable = () => IsOptional();
