/**
 * For server/storage/folder.test.ts: a process that dies by SIGKILL while it stores a file, the
 * way a server killed mid-upload dies (no handler runs, nothing is cleaned up).
 * Usage: node --import tsx crash-during-write.ts <root> <key> before-rename|mid-write
 */
import { FolderStorage } from './folder.ts';

const [root, key, when] = process.argv.slice(2);
if (!root || !key || (when !== 'before-rename' && when !== 'mid-write')) {
  console.error('usage: crash-during-write.ts <root> <key> before-rename|mid-write');
  process.exit(2);
}
const die = (): never => {
  process.kill(process.pid, 'SIGKILL');
  throw new Error('unreachable');
};
const storage = new FolderStorage(root, { beforeRename: when === 'before-rename' ? die : undefined });
async function* body(): AsyncGenerator<Uint8Array> {
  yield new Uint8Array(64 * 1024).fill(0x41);
  if (when === 'mid-write') {
    // Let the first chunk reach the file, then die before the rest arrives.
    await new Promise((resolve) => setTimeout(resolve, 50));
    die();
  }
  yield new Uint8Array(64 * 1024).fill(0x42);
}
await storage.put(key, body());
console.error('stored without a crash');
process.exit(3);
