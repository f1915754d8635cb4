import { Global, Module } from '@nestjs/common';
import { DatabasePools } from './database-pools';
import { PgliteAutovacuum } from './pglite-autovacuum';
import { PrismaService } from './prisma.service';

@Global()
@Module({ providers: [PrismaService, PgliteAutovacuum, DatabasePools], exports: [PrismaService, DatabasePools] })
export class PrismaModule {}
