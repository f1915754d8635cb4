import { Global, Module } from '@nestjs/common';
import { PgliteAutovacuum } from './pglite-autovacuum';
import { PrismaService } from './prisma.service';

@Global()
@Module({ providers: [PrismaService, PgliteAutovacuum], exports: [PrismaService] })
export class PrismaModule {}
