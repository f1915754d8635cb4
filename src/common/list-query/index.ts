export * from './filter-parser';
export * from './list-query';
export * from './list-spec';
export { API_DATE_FORMS, parseFilterDate } from './filter-values';
export * from './page';
export * from './page-params';
export * from './prisma-list-query';
export * from './sort-parser';
export * from './load-page';
