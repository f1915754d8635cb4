import { Injectable } from '@nestjs/common';
import { createReadStream } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import type { Readable } from 'node:stream';
import { AppConfig } from '../../config/app-config';

/** Where uploaded bytes live; keys are opaque, chosen by the caller. */
export abstract class FileStorage {
  abstract put(key: string, bytes: Buffer): Promise<void>;
  abstract open(key: string): Readable;
  abstract remove(key: string): Promise<void>;
}

/** Files under `AppConfig.files.dir`, one per key. */
@Injectable()
export class LocalDiskFileStorage extends FileStorage {
  constructor(private readonly config: AppConfig) {
    super();
  }

  private pathOf(key: string): string {
    if (!/^[A-Za-z0-9._-]+$/.test(key) || key.startsWith('.')) throw new Error(`Invalid storage key ${key}`);
    return path.join(this.config.files.dir, key);
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    await mkdir(this.config.files.dir, { recursive: true });
    await writeFile(this.pathOf(key), bytes);
  }

  open(key: string): Readable {
    return createReadStream(this.pathOf(key));
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}
