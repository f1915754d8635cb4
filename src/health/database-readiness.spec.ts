import { readFileSync } from 'node:fs';
import { defaultPaths } from '../prisma/project-paths';
import { schemaTables } from './database-readiness';

describe('schemaTables', () => {
  it('names each model by its @@map table, else by the model name', () => {
    const schema = 'model A {\n  id String @id\n  @@map("a_things")\n}\n\nmodel B {\n  id String @id\n  note String @map("n")\n}\n';
    expect(schemaTables(schema)).toEqual(['a_things', 'B']);
  });

  it("finds the tables of the project's schema", () => {
    const tables = schemaTables(readFileSync(defaultPaths().schemaPath, 'utf8'));
    expect(tables).toEqual(expect.arrayContaining(['api_clients', 'products', 'orders', 'integration_jobs', 'outbox_events']));
  });
});
